import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'

type Schema = Record<string, any>

/** One request and its answer, as a functional test made them. */
export type Exchange = {
  method: string
  /** The path, with its query string if any. */
  url: string
  requestBody?: unknown
  status: number
  headers: Record<string, string | string[] | undefined>
  /** The parsed JSON body, or the text of a non-JSON one ('' when empty). */
  body: unknown
}

/**
 * Checks exchanges against an OpenAPI 3.1 document with a JSON Schema
 * draft 2020-12 validator (Ajv): the route and method must be described,
 * the status listed for it, the body must match that status's schema and
 * the headers documented as required (ETag, X-Request-Id) be present. A request the API accepted (2xx)
 * must match the document too: path and query parameters and the JSON
 * body. Requests answered 4xx may break the rules, that is what they test.
 * A path no route serves must be a 404 (or a 405 for an unserved method)
 * in the error envelope. CORS preflights (OPTIONS) are not checked.
 */
export class OpenApiChecker {
  #ajv: Ajv2020
  #coercing: Ajv2020
  #compiled = new Map<string, ValidateFunction>()
  #paths: { template: string; pattern: RegExp; literal: number }[]

  constructor(private document: Schema) {
    const options = { strict: false, allErrors: true }
    this.#ajv = addFormats.default(new Ajv2020(options))
    // Query and path values arrive as text: "20" is the integer 20.
    this.#coercing = addFormats.default(new Ajv2020({ ...options, coerceTypes: true }))
    this.#paths = Object.keys(document.paths).map((template) => ({
      template,
      pattern: new RegExp(`^${template.replace(/\{\w+\}/g, '[^/]+').replace(/\./g, '\\.')}$`),
      // The most literal template wins (/health/live before a parameter).
      literal: template.replace(/\{\w+\}/g, '').length,
    }))
  }

  /** Throws an Error saying what does not match the document. */
  check(exchange: Exchange) {
    // CORS preflights are the CORS middleware's, on any path: not API operations.
    if (exchange.method.toUpperCase() === 'OPTIONS') return
    const url = new URL(exchange.url, 'http://api.test')
    const method = exchange.method.toLowerCase()
    const where = `${exchange.method} ${url.pathname} → ${exchange.status}`
    const template = this.#paths
      .filter(({ pattern }) => pattern.test(url.pathname))
      .sort((a, b) => b.literal - a.literal)[0]?.template
    const operation = template
      ? this.document.paths[template][method === 'head' ? 'get' : method]
      : undefined

    if (!operation) {
      const allowed = template ? [404, 405] : [404]
      if (!allowed.includes(exchange.status)) {
        throw new Error(`${where}: the document describes no such route`)
      }
      this.#validate('#/components/schemas/Error', exchange.body, `${where} body`)
      return
    }

    const pointer = `#/paths/${escape(template!)}/${method === 'head' ? 'get' : method}`
    const response = operation.responses[String(exchange.status)]
    if (!response) {
      throw new Error(`${where}: status ${exchange.status} is not documented for this route`)
    }
    const status = `${pointer}/responses/${exchange.status}`
    // The answer's media type must be one the document lists; a JSON one is validated.
    const type = String(exchange.headers['content-type'] ?? '')
    const mediaType = type.includes('json') ? 'application/json' : type.split(';')[0].trim()
    if (response.content && method !== 'head') {
      if (!response.content[mediaType]) {
        throw new Error(`${where}: answered ${mediaType || 'no content type'}, not documented`)
      }
      if (mediaType === 'application/json') {
        this.#validate(`${status}/content/application~1json/schema`, exchange.body, `${where} body`)
      }
    } else if (!response.content && exchange.body !== '' && exchange.body !== undefined) {
      const empty =
        typeof exchange.body === 'object' && Object.keys(exchange.body ?? {}).length === 0
      if (!empty) throw new Error(`${where}: the document says this answer has no body`)
    }
    for (const [name, header] of Object.entries<Schema>(response.headers ?? {})) {
      if (
        resolve(this.document, header).required &&
        exchange.headers[name.toLowerCase()] === undefined
      ) {
        throw new Error(`${where}: the documented header ${name} is missing`)
      }
    }

    if (exchange.status < 200 || exchange.status >= 300) return
    const segments = url.pathname.split('/')
    const names = template!.split('/')
    ;(operation.parameters ?? []).forEach((parameter: Schema, index: number) => {
      const at = `${pointer}/parameters/${index}/schema`
      if (parameter.in === 'path') {
        const value = segments[names.indexOf(`{${parameter.name}}`)]
        this.#validate(at, value, `${where} path ${parameter.name}`, true)
      } else if (parameter.in === 'query' && url.searchParams.has(parameter.name)) {
        // A list (form style) is every occurrence, each maybe comma-separated.
        const value =
          parameter.schema?.type === 'array'
            ? url.searchParams.getAll(parameter.name).flatMap((item) => item.split(','))
            : url.searchParams.get(parameter.name)
        this.#validate(at, value, `${where} query ${parameter.name}`, true)
      }
    })
    const unknown = [...url.searchParams.keys()].filter(
      (name) =>
        !(operation.parameters ?? []).some((p: Schema) => p.in === 'query' && p.name === name)
    )
    if (unknown.length)
      throw new Error(`${where}: undocumented query parameters ${unknown.join(', ')}`)
    if (operation.requestBody && exchange.requestBody !== undefined) {
      this.#validate(
        `${pointer}/requestBody/content/application~1json/schema`,
        exchange.requestBody,
        `${where} request body`
      )
    }
  }

  #validate(pointer: string, value: unknown, where: string, coerce = false) {
    const key = `${coerce}:${pointer}`
    let validate = this.#compiled.get(key)
    if (!validate) {
      const ajv = coerce ? this.#coercing : this.#ajv
      if (!ajv.getSchema('openapi')) ajv.addSchema(this.document, 'openapi')
      validate = ajv.getSchema(`openapi${pointer}`)
      if (!validate) throw new Error(`${where}: no schema at ${pointer}`)
      this.#compiled.set(key, validate)
    }
    // Coercion rewrites its input: validate a holder, never the caller's value.
    const holder = { value }
    if (!validate(coerce ? holder.value : value)) {
      throw new Error(
        `${where} does not match the document: ${JSON.stringify(validate.errors, null, 1)}\n${JSON.stringify(value)}`
      )
    }
  }
}

/** An object of the document, or the one its local `$ref` points at. */
export function resolve(document: Schema, object: Schema): Schema {
  if (typeof object?.$ref !== 'string' || !object.$ref.startsWith('#/')) return object
  return object.$ref
    .slice(2)
    .split('/')
    .map((segment: string) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((node: Schema, key: string) => node?.[key], document)
}

/** A JSON pointer segment. */
function escape(segment: string) {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1')
}
