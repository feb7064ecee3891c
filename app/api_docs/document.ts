import app from '@adonisjs/core/services/app'
import router from '@adonisjs/core/services/router'
import { publicUrl } from '#config/app'
import { ref, type Operation, type Operations, type Schema } from '#api_docs/builders'
import { schemas } from '#api_docs/schemas'
import {
  acceptLanguage,
  answerHeaders,
  errorResponse,
  headers,
  pathParameters,
  REAUTHENTICATION,
  reauthenticationError,
} from '#api_docs/shared'
import { authPaths } from '#api_docs/paths/auth'
import { documentationPaths } from '#api_docs/paths/documentation'
import { eventPaths } from '#api_docs/paths/events'
import { healthPaths } from '#api_docs/paths/health'
import { invitationPaths, memberPaths } from '#api_docs/paths/members'
import { newsletterPaths } from '#api_docs/paths/newsletter'
import { organizationPaths } from '#api_docs/paths/organizations'
import { twoFactorPaths } from '#api_docs/paths/two_factor'
import { passkeyPaths } from '#api_docs/paths/passkeys'

/** What each route does, by route group; the routes themselves come from the router. */
function operations(): Operations {
  return {
    ...newsletterPaths(),
    ...healthPaths(),
    ...documentationPaths(),
    ...authPaths(),
    ...twoFactorPaths(),
    ...passkeyPaths(),
    ...organizationPaths(),
    ...memberPaths(),
    ...invitationPaths(),
    ...eventPaths(),
  }
}

/** The tags, in the order the viewer shows them; every operation has one of these. */
export const TAGS = [
  {
    name: 'auth',
    description: 'Signing up and in, the account, its password, address, sessions and data',
  },
  {
    name: 'organizations',
    description: 'Organizations the caller belongs to, and their audit log',
  },
  {
    name: 'members',
    description: 'People in an organization, their roles, leaving and the ownership transfer',
  },
  {
    name: 'invitations',
    description: 'Invitations to an organization by email, and their acceptance',
  },
  {
    name: 'events',
    description: 'An organization’s events: list, create, read, change (If-Match), delete',
  },
  {
    name: 'newsletter',
    description:
      'Subscribing, the confirmation link of double opt-in, and the emails’ unsubscribe link (a page, and RFC 8058 one-click)',
  },
  { name: 'health', description: 'Probes for monitors and load balancers' },
  { name: 'operations', description: 'Prometheus metrics' },
  { name: 'documentation', description: 'This document and, outside production, its viewer' },
]

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

/** What the operation needs and what limits it, when it says nothing more itself. */
function descriptionOf(operation: Operation) {
  const described = describedAccess(operation)
  return operation.reauthentication ? `${described} ${REAUTHENTICATION}` : described
}

function describedAccess(operation: Operation) {
  if (operation.description) return operation.description
  const access = operation.session
    ? 'Needs the session cookie (set by signup or login).'
    : operation.monitor
      ? 'Open to anyone; the monitoring secret (`x-monitoring-secret`) unlocks the full report.'
      : operation.scrape
        ? 'Needs the monitoring secret as a bearer token (`Authorization: Bearer <MONITORING_SECRET>`); 404 when none is configured.'
        : 'Needs no session.'
  return operation.rateLimit ? `${access} Rate limit: ${operation.rateLimit}.` : access
}

/**
 * One route's OpenAPI operation, with the parameters, errors and headers
 * every route shares: any URL may be bad percent-encoding (400).
 */
function describe(
  method: string,
  pattern: string,
  operation: Operation,
  pathSchemas: Record<string, Schema>
) {
  const responses: Record<string, Schema> = {}
  // An unsafe request to a session route may meet the origin guard (403) and must be JSON (415).
  const guarded = !['GET', 'HEAD', 'OPTIONS'].includes(method) && !operation.sessionless
  const statuses = [400, ...operation.errors, ...(guarded ? [403, 415] : [])]
  const answers: Record<string, Schema> = { ...operation.responses }
  if (operation.reauthentication) answers[403] = reauthenticationError(answers[403]?.description)
  for (const status of statuses) answers[status] ??= errorResponse(status)
  for (const status of Object.keys(answers).sort()) {
    const answer = answers[status]
    const body = answer.content?.['application/json']?.schema
    const envelope = JSON.stringify(body) === JSON.stringify(ref('Error'))
    responses[status] = {
      ...answer,
      headers: {
        ...answerHeaders(Number(status), operation.rateLimit, envelope),
        ...answer.headers,
      },
    }
  }
  return {
    operationId: operation.id,
    summary: operation.summary,
    description: descriptionOf(operation),
    tags: operation.tags,
    parameters: parametersOf(pattern, operation, pathSchemas),
    ...(operation.requestBody
      ? { requestBody: operation.requestBody }
      : operation.body
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
        : operation.scrape
          ? [{ monitoringBearer: [] }]
          : [],
  }
}

/**
 * The OpenAPI 3.1 document of the API: the routes are the router's own, the
 * request bodies and the list's query the validators' own JSON Schema
 * (VineJS); responses are written here and checked by the functional
 * tests, which validate every request and response against this document.
 * A route without a description here fails the build of the document.
 * Built at each call: GET /openapi.json keeps one (api_document.ts).
 */
export function apiDescription(): Schema {
  const described = operations()
  const pathSchemas = pathParameters()
  const paths: Record<string, Record<string, Schema>> = {}
  const tags = new Set(TAGS.map(({ name }) => name))
  const ids = new Set<string>()
  for (const route of servedRoutes()) {
    const operation = described[route]
    if (!operation) throw new Error(`${route} is not described in the OpenAPI document`)
    if (ids.has(operation.id)) throw new Error(`${route}: operationId ${operation.id} is taken`)
    ids.add(operation.id)
    const untagged = operation.tags.find((tag) => !tags.has(tag))
    if (untagged) throw new Error(`${route}: the tag ${untagged} is not declared`)
    const [method, pattern] = route.split(' ')
    const path = pattern.replace(/:(\w+)/g, '{$1}')
    paths[path] ??= {}
    paths[path][method.toLowerCase()] = describe(method, pattern, operation, pathSchemas)
  }
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Events API',
      version: '2.0.0',
      description:
        "Newsletter, health, accounts, organizations and their events. Errors are `{ errors: [{ message, code, field?, rule?, meta? }] }`. Messages, titles, pages and emails are in English or Canadian French (`Accept-Language`; the account's `locale` wins); `code` never changes with the language.",
      contact: { name: 'Events API team', url: publicUrl },
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [
      {
        'url': publicUrl,
        'description': app.inProduction
          ? 'Production (PUBLIC_URL)'
          : 'Local server (PUBLIC_URL, else localhost and PORT); not production',
        'x-internal': false,
      },
    ],
    tags: TAGS,
    paths,
    components: {
      schemas,
      headers,
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
        monitoringBearer: {
          type: 'http',
          scheme: 'bearer',
          description:
            'The monitoring secret as a bearer token: Prometheus scrapes /metrics with it',
        },
      },
    },
  }
}
