import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import { apiDescription } from '#api_docs/document'
import { addMember, clearLimits, memberWithOrganization } from '#tests/helpers/accounts'
import { resetDatabase } from '#tests/helpers/database'
import { eventsPath } from '#tests/helpers/events'
import { FACTORY_PASSWORD, UserFactory } from '#database/factories/user_factory'

type Schema = Record<string, any>

/** A value one past a documented limit, at `path` in the body or as a parameter. */
type Breach = { path: string[]; value: unknown; limit: string }

/**
 * Request headers the document bounds for clients but the server never
 * refuses: it negotiates the language and compares validators (If-Match
 * answers 412, If-None-Match 200), whatever their length.
 */
const NEGOTIATED = new Set(['Accept-Language', 'If-Match', 'If-None-Match'])

/** A schema without its `null` alternative. */
function unwrap(schema: Schema): Schema {
  if (schema.anyOf) return unwrap(schema.anyOf.find((option: Schema) => option.type !== 'null'))
  return schema
}

/** Every limit of a schema, each as the value one past it. */
function* breaches(schema: Schema, path: string[] = []): Generator<Breach> {
  const at = unwrap(schema)
  if (at.properties) {
    for (const [name, member] of Object.entries<Schema>(at.properties)) {
      yield* breaches(member, [...path, name])
    }
    return
  }
  const types = [at.type].flat()
  // A list's items are the list helper's walk (tests/functional/docs: list parameters).
  if (types.includes('array')) return
  if (at.enum) yield { path, value: 'NOT_A_CHOICE', limit: 'enum' }
  if (types.includes('string') && at.maxLength !== undefined)
    yield { path, value: 'a'.repeat(at.maxLength + 1), limit: `maxLength ${at.maxLength}` }
  if (types.includes('string') && at.minLength > 0)
    yield { path, value: 'a'.repeat(at.minLength - 1), limit: `minLength ${at.minLength}` }
  if (at.maximum !== undefined)
    yield { path, value: at.maximum + 1, limit: `maximum ${at.maximum}` }
  if (at.minimum !== undefined)
    yield { path, value: at.minimum - 1, limit: `minimum ${at.minimum}` }
}

function setAt(body: Schema, path: string[], value: unknown) {
  const copy = structuredClone(body)
  let node = copy
  for (const name of path.slice(0, -1)) node = node[name] ??= {}
  node[path.at(-1)!] = value
  return copy
}

const event = {
  name: 'Gala',
  description: 'A party',
  targetDate: '2027-06-12T19:00:00Z',
  status: 'PLANNED',
  metadata: {
    category: 'other',
    customCategory: 'Reunion',
    guestCount: { approximate: 50, min: 40, max: 60 },
    budgetRange: { min: 1000, max: 2000, currency: 'CAD' },
  },
  address: {
    streetAddress: '1 Main St',
    streetAddress2: 'Suite 2',
    city: 'Ottawa',
    state: 'ON',
    postalCode: 'K1A 0B1',
    country: 'CA',
  },
}

/** The shape of a WebAuthn response (its content is never verified: each walk fails a limit first). */
const credential = {
  id: 'AAAA',
  rawId: 'AAAA',
  type: 'public-key',
  authenticatorAttachment: 'platform',
}

/**
 * A request each operation with a body accepts (by operationId): the walk
 * breaks one limit at a time. An operation with a body that is not here
 * fails the test, so a route added later is walked too.
 */
const VALID_BODIES: Record<string, Schema> = {
  signUp: { email: 'new@example.com', password: FACTORY_PASSWORD, fullName: 'Ann' },
  logIn: { email: 'ann@example.com', password: FACTORY_PASSWORD },
  updateProfile: { fullName: 'Ann', locale: 'fr' },
  requestPasswordReset: { email: 'ann@example.com' },
  resetPassword: { token: 'token', password: FACTORY_PASSWORD },
  changePassword: { currentPassword: FACTORY_PASSWORD, password: 'another long password' },
  verifyEmail: { token: 'token' },
  requestEmailChange: { email: 'new@example.com', currentPassword: FACTORY_PASSWORD },
  confirmEmailChange: { token: 'token' },
  deleteAccount: { currentPassword: FACTORY_PASSWORD },
  finishLogin: { code: '123456' },
  reauthenticate: { password: FACTORY_PASSWORD },
  setUpTotp: { currentPassword: FACTORY_PASSWORD },
  confirmTotp: { code: '123456' },
  createOrganization: { name: 'Acme' },
  updateOrganization: { name: 'Acme' },
  transferOwnership: { userId: '' },
  addMember: { email: 'new@example.com', role: 'member' },
  changeMemberRole: { role: 'admin' },
  createInvitation: { email: 'new@example.com', role: 'member' },
  acceptInvitation: { token: 'token' },
  createEvent: { ...event, eventType: 'ONE_OFF' },
  updateEvent: event,
  subscribeToNewsletter: { email: 'ann@example.com' },
  confirmNewsletterSubscription: { token: 'token' },
  addPasskey: {
    response: {
      ...credential,
      response: { clientDataJSON: 'AAAA', attestationObject: 'AAAA', transports: ['internal'] },
    },
    name: 'Laptop',
  },
  renamePasskey: { name: 'Laptop' },
  logInWithPasskey: {
    response: {
      ...credential,
      response: {
        clientDataJSON: 'AAAA',
        authenticatorData: 'AAAA',
        signature: 'AAAA',
        userHandle: 'AAAA',
      },
    },
  },
}

/**
 * Body members the API reads only under a switch these tests leave off:
 * their limits are walked where the switch is on (NEWSLETTER_CAPTCHA:
 * tests/functional/newsletter/altcha.spec.ts).
 */
const SWITCHED_OFF = new Set(['subscribeToNewsletter altcha'])

/** The contract's status for a field that breaks a rule: 422 on the newsletter, 400 elsewhere. */
const refusal = (operationId: string) => (operationId === 'subscribeToNewsletter' ? 422 : 400)

test.group('API description: every documented limit is one the API enforces', (group) => {
  group.each.setup(() => resetDatabase())

  test('a value one past each limit of a request schema is refused, naming its field', async ({
    client,
    assert,
  }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const other = await UserFactory.create()
    await addMember(organization, other, 'member')
    const created = await client
      .post(eventsPath(organization.id))
      .header('cookie', cookie)
      .json({ name: 'Gala' })
    created.assertStatus(201)
    VALID_BODIES.transferOwnership.userId = other.id
    const pathValues: Record<string, string> = {
      organizationId: organization.id,
      userId: other.id,
      id: created.body().data.id,
      invitationId: '0190a0a0-0000-7000-8000-000000000000',
      sessionId: 'session',
    }

    const failures: string[] = []
    let walked = 0
    const paths = apiDescription().paths as Record<string, Record<string, Schema>>
    for (const [template, methods] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const id = operation.operationId as string
        const schema = operation.requestBody?.content['application/json']?.schema
        if (schema && !VALID_BODIES[id]) failures.push(`${id}: no valid body to start from`)
        const body = schema ? VALID_BODIES[id] : undefined
        const cases: { where: string; field: string; request: Request }[] = []
        type Request = {
          path: Record<string, string>
          query?: string
          headers?: Schema
          body?: Schema
        }
        const base: Request = { path: pathValues, body }

        for (const breach of schema ? breaches(schema) : []) {
          if (SWITCHED_OFF.has(`${id} ${breach.path.join('.')}`)) continue
          cases.push({
            where: `body ${breach.path.join('.')} (${breach.limit})`,
            field: breach.path.join('.'),
            request: { ...base, body: setAt(body!, breach.path, breach.value) },
          })
        }
        for (const parameter of operation.parameters as Schema[]) {
          if (parameter.in === 'header' && NEGOTIATED.has(parameter.name)) continue
          for (const breach of breaches(parameter.schema, [parameter.name])) {
            // An empty header is no header: the API then acts without one (no Idempotency-Key).
            if (parameter.in === 'header' && breach.limit.startsWith('minLength')) continue
            const where = `${parameter.in} ${parameter.name} (${breach.limit})`
            const value = String(breach.value)
            if (parameter.in === 'path') {
              cases.push({
                where,
                field: parameter.name,
                request: { ...base, path: { ...pathValues, [parameter.name]: value } },
              })
            } else if (parameter.in === 'query') {
              cases.push({
                where,
                field: parameter.name,
                request: { ...base, query: `${parameter.name}=${encodeURIComponent(value)}` },
              })
            } else {
              cases.push({
                where,
                field: '',
                request: { ...base, headers: { [parameter.name]: value } },
              })
            }
          }
        }

        for (const { where, field, request } of cases) {
          walked++
          await clearLimits()
          const url =
            template.replace(/\{(\w+)\}/g, (_, name) => request.path[name]) +
            (request.query ? `?${request.query}` : '')
          const response = await send(client, method, url, cookie, request.headers, request.body)
          const errors: { field?: string; code: string }[] = response.body()?.errors ?? []
          const named =
            !field ||
            errors.some(
              (error) => error.field === field || error.code.startsWith(`input.${field}.`)
            )
          if (response.status() !== refusal(id) || !named) {
            failures.push(
              `${id} ${where}: ${response.status()} ${JSON.stringify(response.body()).slice(0, 300)}`
            )
          }
        }
      }
    }
    assert.deepEqual(failures, [])
    // Bodies, queries, path ids and the Idempotency-Key: well over a hundred limits.
    assert.isAbove(walked, 100)
  }).timeout(180_000)
})

function send(
  client: ApiClient,
  method: string,
  url: string,
  cookie: string,
  headers: Schema = {},
  body?: Schema
) {
  let request = client.request(url, method.toUpperCase() as 'GET').header('cookie', cookie)
  for (const [name, value] of Object.entries(headers)) request = request.header(name, value)
  return body ? request.json(body) : request
}
