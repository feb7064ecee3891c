import type { VineValidator } from '@vinejs/vine'
import { CURSOR_MAX_LENGTH, DATE_TIME_MAX_LENGTH, PAGE_SIZE_MAX } from '#validators/rules'

export type Schema = Record<string, any>

/** What one route does; document.ts turns it into the OpenAPI operation. */
export type Operation = {
  /** The operationId: stable, camelCase, verb first; renaming one breaks clients. */
  id: string
  summary: string
  /** More than the summary says; otherwise the description is written from the operation. */
  description?: string
  tags: string[]
  /** The limit whose X-RateLimit-* headers the answers carry, in words; none if not throttled. */
  rateLimit?: string
  session?: boolean
  /**
   * A sensitive action: an account with a second factor must have signed in
   * or re-authenticated recently, else 403 `auth.reauthentication_required`.
   */
  reauthentication?: boolean
  monitor?: boolean
  /** Needs the monitoring secret as a bearer token (Prometheus scrapes). */
  scrape?: boolean
  /** Never reads or writes a session: outside the origin guard and the JSON-only rule. */
  sessionless?: boolean
  body?: Schema
  /**
   * The whole OpenAPI requestBody, for a route whose body is optional or
   * comes in more than JSON (a page's form); instead of `body`.
   */
  requestBody?: Schema
  query?: Record<string, Schema>
  headers?: Record<string, Schema>
  responses: Record<number, Schema>
  /** Answered with the Error schema and the status's description (shared.ts). */
  errors: number[]
}

/** Operations by route, as `METHOD /pattern` the router spells it. */
export type Operations = Record<string, Operation>

/**
 * The operations of one route group: each gets the group's tag, needs a
 * session when the whole group does (`session: true`), is under the
 * group's rate limit, if any, and may answer the group's errors besides
 * its own (`errors`: 401 for a group that needs a session).
 */
export function group(
  header: { tag: string; session?: boolean; rateLimit?: string; errors?: number[] },
  operations: Record<string, Omit<Operation, 'tags'>>
): Operations {
  const { tag, session, rateLimit, errors = [] } = header
  return Object.fromEntries(
    Object.entries(operations).map(([route, operation]) => [
      route,
      { session, rateLimit, ...operation, errors: [...errors, ...operation.errors], tags: [tag] },
    ])
  )
}

/**
 * What the API accepts, beyond the validator's shape: it drops members it
 * does not know rather than refusing them, at every depth, and trims
 * emails before checking them (so the format is said in words). Its
 * integers are 32-bit (every range the validators set fits), its UUIDs
 * 36 characters.
 */
function asAccepted(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(asAccepted)
  if (!schema || typeof schema !== 'object') return schema
  const types = [(schema as Schema).type].flat()
  const integer = types.includes('integer') && !('format' in schema) ? { format: 'int32' } : {}
  // A UUID is 36 characters: said, so that the length is bounded too.
  const uuid =
    (schema as Schema).format === 'uuid' && !('maxLength' in schema) ? { maxLength: 36 } : {}
  const entries = Object.entries({ ...schema, ...integer, ...uuid })
    .filter(([key]) => key !== 'additionalProperties')
    .map(([key, value]) =>
      key === 'format' && value === 'email'
        ? ['description', 'An email address; surrounding spaces are trimmed, letters lower-cased']
        : [key, asAccepted(value)]
    )
  return Object.fromEntries(entries)
}

/** A validator's JSON Schema (VineJS `toJSONSchema()`), split into body and path parameters. */
export function fromValidator(validator: VineValidator<any, any>) {
  const schema = asAccepted(validator.toJSONSchema()) as Schema
  const { params, ...properties } = schema.properties ?? {}
  const required = (schema.required ?? []).filter((name: string) => name !== 'params')
  return {
    body: { ...schema, properties, required } as Schema,
    params: (params?.properties ?? {}) as Record<string, Schema>,
  }
}

/** The body a validator accepts (without its path parameters). */
export const bodyOf = (validator: VineValidator<any, any>) => fromValidator(validator).body

export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` })
export const nullable = (schema: Schema) => ({ anyOf: [schema, { type: 'null' }] })
/**
 * A list of `name`: at most `maxItems`, or, for the lists that are not
 * paginated (an account's or an organization's own records), no bound the
 * API could promise (.spectral.yaml says so).
 */
export const listOf = (name: string, maxItems?: number) => ({
  type: 'array',
  ...(maxItems ? { maxItems } : {}),
  items: ref(name),
})
export const timestamp = { type: 'string', format: 'date-time', maxLength: DATE_TIME_MAX_LENGTH }
export const uuidSchema = { type: 'string', format: 'uuid', maxLength: 36 }
/** Text of at most `maxLength` characters. */
export const text = (maxLength: number, description?: string) => ({
  type: 'string',
  maxLength,
  ...(description ? { description } : {}),
})

/** An object with no other members; every member is required unless named in `optional`. */
export function object(
  properties: Record<string, Schema>,
  { optional = [], description }: { optional?: string[]; description?: string } = {}
) {
  const required = Object.keys(properties).filter((name) => !optional.includes(name))
  return {
    type: 'object',
    ...(description ? { description } : {}),
    ...(required.length ? { required } : {}),
    additionalProperties: false,
    properties,
  }
}

/** The envelope of a single answer: `{ data }`. */
export const data = (schema: Schema) => object({ data: schema })

/** A keyset-paginated list: `{ data: [ item ], meta: { nextCursor } }`. */
export const page = (item: string) =>
  object({
    data: listOf(item, PAGE_SIZE_MAX),
    meta: object({ nextCursor: nullable(text(CURSOR_MAX_LENGTH)) }),
  })

/** A JSON response. */
export const json = (schema: Schema, description: string, headers?: Schema) => ({
  description,
  ...(headers ? { headers } : {}),
  content: { 'application/json': { schema } },
})

/** A response whose body is one string of `mediaType` (a page, a script, metrics). */
export const textBody = (mediaType: string, description: string, maxLength?: number) => ({
  description,
  content: { [mediaType]: { schema: maxLength ? text(maxLength) : { type: 'string' } } },
})
