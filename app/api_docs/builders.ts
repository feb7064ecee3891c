import type { VineValidator } from '@vinejs/vine'

export type Schema = Record<string, any>

/** What one route does; document.ts turns it into the OpenAPI operation. */
export type Operation = {
  summary: string
  tags: string[]
  session?: boolean
  monitor?: boolean
  /** Never reads or writes a session: outside the origin guard and the JSON-only rule. */
  sessionless?: boolean
  body?: Schema
  query?: Record<string, Schema>
  headers?: Record<string, Schema>
  responses: Record<number, Schema>
  /** Answered with the Error schema and the status's description (shared.ts). */
  errors: number[]
}

/** Operations by route, as `METHOD /pattern` the router spells it. */
export type Operations = Record<string, Operation>

/**
 * The operations of one route group: each gets the group's tag, and needs a
 * session when the whole group does (`session: true`).
 */
export function group(
  { tag, session }: { tag: string; session?: boolean },
  operations: Record<string, Omit<Operation, 'tags'>>
): Operations {
  return Object.fromEntries(
    Object.entries(operations).map(([route, operation]) => [
      route,
      { session, ...operation, tags: [tag] },
    ])
  )
}

/**
 * What the API accepts, beyond the validator's shape: it drops members it
 * does not know rather than refusing them, at every depth, and trims
 * emails before checking them (so the format is said in words).
 */
function asAccepted(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(asAccepted)
  if (!schema || typeof schema !== 'object') return schema
  const entries = Object.entries(schema)
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
export const listOf = (name: string) => ({ type: 'array', items: ref(name) })
export const timestamp = { type: 'string', format: 'date-time' }
export const uuidSchema = { type: 'string', format: 'uuid' }

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
    data: listOf(item),
    meta: object({ nextCursor: nullable({ type: 'string' }) }),
  })

/** A JSON response. */
export const json = (schema: Schema, description: string, headers?: Schema) => ({
  description,
  ...(headers ? { headers } : {}),
  content: { 'application/json': { schema } },
})

/** A response whose body is one string of `mediaType` (a page, a script, metrics). */
export const textBody = (mediaType: string, description: string) => ({
  description,
  content: { [mediaType]: { schema: { type: 'string' } } },
})
