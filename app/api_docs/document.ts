import router from '@adonisjs/core/services/router'
import type { Operation, Operations, Schema } from '#api_docs/builders'
import { schemas } from '#api_docs/schemas'
import { acceptLanguage, errorResponse, pathParameters } from '#api_docs/shared'
import { authPaths } from '#api_docs/paths/auth'
import { documentationPaths } from '#api_docs/paths/documentation'
import { eventPaths } from '#api_docs/paths/events'
import { healthPaths } from '#api_docs/paths/health'
import { invitationPaths } from '#api_docs/paths/invitations'
import { memberPaths } from '#api_docs/paths/members'
import { newsletterPaths } from '#api_docs/paths/newsletter'
import { organizationPaths } from '#api_docs/paths/organizations'

/** What each route does, by route group; the routes themselves come from the router. */
function operations(): Operations {
  return {
    ...newsletterPaths(),
    ...healthPaths(),
    ...documentationPaths(),
    ...authPaths(),
    ...organizationPaths(),
    ...memberPaths(),
    ...invitationPaths(),
    ...eventPaths(),
  }
}

/** Every route the router serves, as `METHOD /pattern` (HEAD is implied by GET). */
export function servedRoutes() {
  const served: string[] = []
  for (const routes of Object.values(router.toJSON())) {
    for (const route of routes) {
      for (const method of route.methods) {
        if (method !== 'HEAD') served.push(`${method} ${route.pattern}`)
      }
    }
  }
  return served
}

/** The parameters of a route: its path's, then the operation's query and headers, then the language. */
function parametersOf(pattern: string, operation: Operation, pathSchemas: Record<string, Schema>) {
  return [
    ...[...pattern.matchAll(/:(\w+)/g)].map(([, name]) => ({
      name,
      in: 'path',
      required: true,
      schema: pathSchemas[name],
    })),
    ...Object.entries(operation.query ?? {}).map(([name, schema]) => ({
      name,
      in: 'query',
      required: false,
      // A list is one comma-separated value (`status=A,B`), which clients read from here.
      ...(schema.type === 'array' ? { style: 'form', explode: false } : {}),
      schema,
    })),
    ...Object.entries(operation.headers ?? {}).map(([name, schema]) => ({
      name,
      in: 'header',
      required: false,
      schema,
    })),
    acceptLanguage,
  ]
}

/** One route's OpenAPI operation, with the parameters and errors every route shares. */
function describe(
  method: string,
  pattern: string,
  operation: Operation,
  pathSchemas: Record<string, Schema>
) {
  const responses: Record<string, Schema> = { ...operation.responses }
  // An unsafe request to a session route may meet the origin guard (403) and must be JSON (415).
  const guarded = !['GET', 'HEAD', 'OPTIONS'].includes(method) && !operation.sessionless
  for (const status of [...operation.errors, ...(guarded ? [403, 415] : [])]) {
    responses[status] ??= errorResponse(status)
  }
  return {
    summary: operation.summary,
    tags: operation.tags,
    parameters: parametersOf(pattern, operation, pathSchemas),
    ...(operation.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: operation.body } },
          },
        }
      : {}),
    responses,
    security: operation.session
      ? [{ session: [] }]
      : operation.monitor
        ? [{}, { monitoringSecret: [] }]
        : [],
  }
}

let cached: Schema | undefined

/**
 * The OpenAPI 3.1 document of the API: the routes are the router's own, the
 * request bodies and the list's query the validators' own JSON Schema
 * (VineJS); responses are written here and checked by the functional
 * tests, which validate every request and response against this document.
 * A route without a description here fails the build of the document.
 */
export function apiDescription(): Schema {
  if (cached) return cached
  const described = operations()
  const pathSchemas = pathParameters()
  const paths: Record<string, Record<string, Schema>> = {}
  for (const route of servedRoutes()) {
    const operation = described[route]
    if (!operation) throw new Error(`${route} is not described in the OpenAPI document`)
    const [method, pattern] = route.split(' ')
    const path = pattern.replace(/:(\w+)/g, '{$1}')
    paths[path] ??= {}
    paths[path][method.toLowerCase()] = describe(method, pattern, operation, pathSchemas)
  }
  cached = {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Events API',
      version: '1.0.0',
      description:
        "Newsletter, health, accounts, organizations and their events. Errors are `{ errors: [{ message, code, field?, rule? }] }`. Messages, titles, pages and emails are in English or Canadian French (`Accept-Language`; the account's `locale` wins); `code` never changes with the language.",
    },
    paths,
    components: {
      schemas,
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: 'session',
          description:
            'Set by signup and login; named `__Host-session` in production. Browsers send it with `credentials: include`',
        },
        monitoringSecret: {
          type: 'apiKey',
          in: 'header',
          name: 'x-monitoring-secret',
          description: 'Unlocks the full health report',
        },
      },
    },
  }
  return cached
}
