import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib'
import { randomUUID } from 'node:crypto'
import fc from 'fast-check'
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import limiter from '@adonisjs/limiter/services/main'
import User from '#models/user'
import { UserFactory } from '#database/factories/user_factory'
import { OrganizationFactory } from '#database/factories/organization_factory'
import { addMember, sessionCookieFor } from '#tests/helpers/accounts'
import { resetDatabase } from '#tests/helpers/database'
import { eventOf } from '#tests/helpers/events'
import { pendingInvitation } from '#tests/helpers/organizations'
import { servedRoutes } from '#api_docs/document'

/**
 * Property: whatever arrives, on every route, the answer is never a 5xx,
 * always the envelope with the headers of every response, never a stack
 * trace or an internal message, and a 4xx changes nothing stored
 * (contract, "Hostile input").
 *
 * `npm test` runs FUZZ_RUNS (default 300) cases; `npm run fuzz` runs 10 000.
 * The seed is fixed (FUZZ_SEED, default 20261122) so a failure replays:
 * fast-check prints the seed and path of the smallest failing request.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 300)
const SEED = Number(process.env.FUZZ_SEED ?? 20261122)

const HEADERS_OF_EVERY_RESPONSE = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'referrer-policy': 'no-referrer',
}

/** What must never reach a caller: stack frames, driver or runtime messages. */
const LEAKS =
  /\bat \S+ \(|node_modules|\.[jt]s:\d|Maximum call stack|URI malformed|SQL|violates|syntax error|Cannot read|is not a function|undefined|pg_|knex/i

/** Everything stored but sessions and rate limit counters, as one digest. */
const TABLES = [
  'users',
  'organizations',
  'organization_members',
  'organization_invitations',
  'organization_audit_entries',
  'events',
  'event_addresses',
  'newsletter_contacts',
  'user_totp_secrets',
  'user_recovery_codes',
  'user_passkeys',
]
async function storedDigest() {
  const parts = TABLES.map(
    (table) =>
      `(SELECT md5(coalesce(string_agg(t::text, ',' ORDER BY t::text), '')) FROM ${table} t)`
  )
  const { rows } = await db.rawQuery(`SELECT ${parts.join(' || ')} AS digest`)
  return rows[0].digest as string
}

/* ------------------------------------------------------------------------ */
/* Generators                                                               */
/* ------------------------------------------------------------------------ */

const FIELD_NAMES = [
  'email',
  'password',
  'fullName',
  'locale',
  'currentPassword',
  'token',
  'code',
  'recoveryCode',
  'response',
  'passkeyResponse',
  'requireTwoFactor',
  'role',
  'name',
  'description',
  'targetDate',
  'status',
  'eventType',
  'metadata',
  'category',
  'customCategory',
  'guestCount',
  'approximate',
  'min',
  'max',
  'budgetRange',
  'currency',
  'address',
  'streetAddress',
  'streetAddress2',
  'city',
  'state',
  'postalCode',
  'country',
  'organizationId',
  'id',
  'params',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
]

const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '\ufeff',
  '\u202e',
  '2027-06-12',
  '2027-02-30T10:00:00Z',
  '+275760-09-13T00:00:00Z',
  '10',
  'CA',
  'ca',
  'K1A 0B1',
  'K1A0B1',
  'wedding',
  'other',
  'BACKLOG',
  'RECURRING',
  'CAD',
  'ann@example.com',
  'ANN@EXAMPLE.COM',
  'a@b',
  '__proto__',
  'constructor',
  '01900000-0000-7000-8000-000000000000',
  'x'.repeat(300),
  '𝕏'.repeat(256),
  "'; DROP TABLE users; --",
  '<script>alert(1)</script>',
  '%E0%A4%A',
  '${7*7}',
]

const fieldName = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...FIELD_NAMES) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) }
)

const leaf = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.integer(),
  fc.constantFrom(0, -1, 99999, 100000, 1e21, -0, Number.MAX_SAFE_INTEGER + 2, 0.5),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null)
)

const { value: jsonValue } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fieldName, tie('value'), { maxKeys: 5 })
  ),
}))

/** A value wrapped in up to 100 arrays or objects: around the 64-level bound. */
const deepValue = fc
  .tuple(fc.integer({ min: 0, max: 100 }), jsonValue, fc.constantFrom('array', 'object'))
  .map(([depth, value, kind]) => {
    let wrapped = value
    for (let level = 0; level < depth; level++) {
      wrapped = kind === 'array' ? [wrapped] : { metadata: wrapped }
    }
    return wrapped
  })

/** Texts a JSON parser sees rarely: duplicate keys, huge numbers, odd escapes. */
const oddJsonText = fc.constantFrom(
  '{"name":"a","name":{"x":1}}',
  '{"email":"ann@example.com","email":["x"]}',
  '{"name":"x","metadata":{"guestCount":{"min":1e400}}}',
  '{"name":"x","metadata":{"budgetRange":{"min":-1e-400,"max":123456789012345678901234567890}}}',
  '{"name":"\\ud800\\udc00\\ud800"}',
  '{"name":"\\u0000"}',
  '{"__proto__":{"isAdmin":true},"name":"x"}',
  '{"constructor":{"prototype":{"polluted":1}},"name":"x"}',
  '{"name":"x"}garbage',
  '{"name":"x",}',
  '['.repeat(5000) + ']'.repeat(5000),
  '{"a":'.repeat(3000) + '1' + '}'.repeat(3000),
  'null',
  'true',
  '"a string"',
  '12',
  '',
  '\ufeff{"name":"x"}'
)

type Body = { bytes: Buffer; encoding?: string }

const bodyBytes = fc.oneof(
  jsonValue.map((value) => Buffer.from(JSON.stringify(value) ?? 'null')),
  deepValue.map((value) => Buffer.from(JSON.stringify(value) ?? 'null')),
  oddJsonText.map((text) => Buffer.from(text)),
  fc.string({ unit: 'binary', maxLength: 60 }).map((text) => Buffer.from(text)),
  fc.uint8Array({ maxLength: 60 }).map((bytes) => Buffer.from(bytes))
)

/** The body with a Content-Encoding: real, fake (the bytes are not what it says) or unknown. */
const body: fc.Arbitrary<Body | undefined> = fc.oneof(
  { weight: 1, arbitrary: fc.constant(undefined) },
  {
    weight: 6,
    arbitrary: fc
      .tuple(
        bodyBytes,
        fc.constantFrom(
          'none',
          'none',
          'none',
          'gzip',
          'deflate',
          'br',
          'fake-gzip',
          'identity',
          'zstd',
          'gzip, br'
        )
      )
      .map(([bytes, encoding]): Body => {
        switch (encoding) {
          case 'gzip':
            return { bytes: gzipSync(bytes), encoding }
          case 'deflate':
            return { bytes: deflateSync(bytes), encoding }
          case 'br':
            return { bytes: brotliCompressSync(bytes), encoding }
          case 'fake-gzip':
            return { bytes, encoding: 'gzip' }
          case 'none':
            return { bytes }
          default:
            return { bytes, encoding }
        }
      }),
  }
)

const contentType = fc.constantFrom(
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'application/vnd.api+json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'json',
  undefined
)

/** A printable header value (fetch refuses control characters). */
const headerText = fc
  .string({ unit: 'binary-ascii', maxLength: 140 })
  .map((text) => text.replace(/[^\x20-\x7e]/g, '').trim())

type Fixture = {
  ids: {
    organization: string
    otherOrganization: string
    event: string
    otherUser: string
    invitation: string
  }
  userId: string
  cookie: string
}

/** A path id: ours (`:own`), another organization's, an event's, unknown, or not an id at all. */
const pathId = fc.oneof(
  { weight: 4, arbitrary: fc.constant(':own') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(':otherOrganization', ':event', ':otherUser', ':invitation'),
  },
  { weight: 1, arbitrary: fc.uuid() },
  {
    weight: 2,
    arbitrary: fc.oneof(
      fc.constantFrom(
        '%',
        '%E0%A4%A',
        '%C0%80',
        '%ED%A0%80',
        '%00',
        '..',
        '%2e%2e',
        '%ZZ',
        'null',
        '-1',
        '1e9',
        'a'.repeat(300),
        '01900000-0000-7000-8000-00000000000g',
        '{{id}}',
        '%F0%9F%92%A9'
      ),
      fc
        .string({ unit: 'grapheme', minLength: 1, maxLength: 20 })
        .map((text) => encodeURIComponent(text))
    ),
  }
)

/** A method and a path whose `:names` the fixture fills in. */
type Route = { method: string; path: string }

/**
 * The routes without a path id, each as the router names it. Every route the
 * app serves is fuzzed: the last test of this file compares this list and
 * the families below with the router's, so a route added later is covered.
 */
const FIXED_ROUTES: Route[] = [
  'POST /newsletter/subscribe',
  'GET /newsletter/challenge',
  'GET /newsletter/unsubscribe',
  'POST /newsletter/unsubscribe',
  'GET /newsletter/confirm',
  'POST /newsletter/confirm',
  'GET /health',
  'GET /health/live',
  'GET /health/ready',
  'GET /metrics',
  'GET /openapi.json',
  'POST /auth/signup',
  'POST /auth/login',
  'POST /auth/login/second-factor',
  'POST /auth/login/passkey/options',
  'POST /auth/login/passkey',
  'POST /auth/logout',
  'GET /auth/me',
  'PATCH /auth/me',
  'POST /auth/password/forgot',
  'POST /auth/password/reset',
  'PUT /auth/password',
  'POST /auth/email/verification',
  'POST /auth/email/verify',
  'POST /auth/email/change',
  'POST /auth/email/confirm',
  'GET /auth/account/export',
  'DELETE /auth/account',
  'GET /auth/passkeys',
  'POST /auth/passkeys/options',
  'POST /auth/passkeys',
  'GET /auth/sessions',
  'DELETE /auth/sessions',
  'GET /auth/two-factor',
  'POST /auth/two-factor/totp',
  'POST /auth/two-factor/totp/confirm',
  'DELETE /auth/two-factor/totp',
  'POST /auth/two-factor/recovery-codes',
  'POST /auth/reauthenticate',
  'GET /organizations',
  'POST /organizations',
  'POST /invitations/accept',
].map((route) => {
  const [method, path] = route.split(' ')
  return { method, path }
})

/** Served but not fuzzed: the development viewer's page and script, with their own CSP (tests/functional/docs/viewer.spec.ts). */
const NOT_FUZZED = ['GET /docs', 'GET /docs/viewer.js']

/** Routes of the account with one path id: a passkey's, a session's. */
const ACCOUNT_ID_ROUTES = [
  'PATCH /auth/passkeys/',
  'DELETE /auth/passkeys/',
  'DELETE /auth/sessions/',
]

/** What follows `/organizations/:organizationId` in its routes (with `/` when an id follows). */
const ORGANIZATION_TAILS = [
  '',
  '/members',
  '/members/',
  '/events',
  '/events/',
  '/invitations',
  '/invitations/',
  '/leave',
  '/ownership-transfer',
  '/audit-log',
]

const ROUTES: fc.Arbitrary<Route> = fc.oneof(
  fc.constantFrom<Route>(...FIXED_ROUTES),
  fc.tuple(fc.constantFrom(...ACCOUNT_ID_ROUTES), pathId).map(([route, id]): Route => {
    const [method, path] = route.split(' ')
    return { method, path: `${path}${id === ':own' ? ':otherUser' : id}` }
  }),
  fc
    .tuple(
      fc.constantFrom('GET', 'POST', 'PATCH', 'DELETE'),
      pathId,
      pathId,
      fc.constantFrom(...ORGANIZATION_TAILS)
    )
    .map(([method, organization, child, tail]): Route => {
      const own = tail.startsWith('/members')
        ? ':otherUser'
        : tail.startsWith('/invitations')
          ? ':invitation'
          : ':event'
      const last = tail.endsWith('/') ? (child === ':own' ? own : child) : ''
      const first = organization === ':own' ? ':organization' : organization
      return { method, path: `/organizations/${first}${tail}${last}` }
    }),
  fc
    .tuple(
      fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'),
      fc.array(fc.string({ unit: 'grapheme-ascii', maxLength: 10 }), { maxLength: 4 })
    )
    .map(([method, segments]): Route => ({
      method,
      path: `/${segments.map((segment) => encodeURIComponent(segment)).join('/')}`,
    }))
)

/** The path with the fixture's ids in place of its `:names`. */
function pathOf(route: Route, fixture: Fixture) {
  return route.path.replace(
    /:(organization|otherOrganization|event|otherUser|invitation)\b/g,
    (_, name: keyof typeof fixture.ids) => fixture.ids[name]
  )
}

const hostileRequest = fc.record({
  route: ROUTES,
  body,
  contentType,
  session: fc.constantFrom('member', 'member', 'none', 'forged'),
  requestId: fc.option(headerText, { nil: undefined }),
  accept: fc.option(fc.constantFrom('text/html', '*/*', 'application/xml'), { nil: undefined }),
  // What a browser says about the calling page: trusted, a sibling, cross-site, opaque.
  page: fc.option(
    fc.constantFrom<Record<string, string>>(
      { 'origin': 'https://app.events.test', 'sec-fetch-site': 'same-site' },
      { 'origin': 'https://www.events.test', 'sec-fetch-site': 'same-site' },
      { 'origin': 'https://attacker.example', 'sec-fetch-site': 'cross-site' },
      { origin: 'null' },
      { origin: 'https://app.events.test:8443' },
      { 'sec-fetch-site': 'same-origin' }
    ),
    { nil: undefined }
  ),
  query: fc.option(fc.constantFrom('?a[b][c][d][e][f]=1', '?__proto__[x]=1', '?%E0%A4%A', '?x=%'), {
    nil: undefined,
  }),
})

/* ------------------------------------------------------------------------ */
/* The property                                                             */
/* ------------------------------------------------------------------------ */

async function createFixture(client: Parameters<typeof sessionCookieFor>[0]): Promise<Fixture> {
  const [user, other] = await UserFactory.createMany(2)
  const organization = await OrganizationFactory.create()
  const otherOrganization = await OrganizationFactory.create()
  // The caller owns the organization, so every role-guarded route can succeed too.
  await addMember(organization, user, 'owner')
  await addMember(organization, other)
  await addMember(otherOrganization, other, 'owner')
  const event = await eventOf(organization, { metadata: { category: 'wedding' } })
  const invitation = await pendingInvitation(
    organization.id,
    'guest@example.com',
    'member',
    user.id
  )
  return {
    ids: {
      organization: organization.id,
      otherOrganization: otherOrganization.id,
      event: event.id,
      otherUser: other.id,
      invitation: invitation.id,
    },
    userId: user.id,
    cookie: await sessionCookieFor(client, user),
  }
}

/**
 * A 2xx may have signed the member out, removed or demoted them, handed
 * the organization over or deleted it: put the fixture back so later cases
 * still reach the organization's routes as its owner.
 */
async function restore(fixture: Fixture, client: Parameters<typeof sessionCookieFor>[0]) {
  const { organization, event, otherUser } = fixture.ids
  await db.rawQuery(
    `INSERT INTO organizations (id, name, created_at, updated_at)
     VALUES (?, 'Restored', now(), now()) ON CONFLICT DO NOTHING`,
    [organization]
  )
  await db.rawQuery(
    `INSERT INTO organization_members (organization_id, user_id, role, created_at)
     VALUES (?, ?, 'owner', now())
     ON CONFLICT (organization_id, user_id) DO UPDATE SET role = 'owner'`,
    [organization, fixture.userId]
  )
  await db.rawQuery(
    `INSERT INTO organization_members (organization_id, user_id, role, created_at)
     VALUES (?, ?, 'member', now()) ON CONFLICT DO NOTHING`,
    [organization, otherUser]
  )
  await db.rawQuery(
    `INSERT INTO events (id, organization_id, name, created_at, updated_at)
     VALUES (?, ?, 'Restored', now(), now()) ON CONFLICT DO NOTHING`,
    [event, organization]
  )
  await db.rawQuery(
    `INSERT INTO organization_invitations
       (id, organization_id, email, hash, role, invited_by, expires_at, created_at)
     VALUES (?, ?, 'guest@example.com', 'x', 'member', ?, now() + interval '7 days', now())
     ON CONFLICT DO NOTHING`,
    [fixture.ids.invitation, organization, fixture.userId]
  )
  const me = await fetch(`http://${process.env.HOST}:${process.env.PORT}/auth/me`, {
    headers: { cookie: fixture.cookie },
  })
  if (me.status === 401) {
    fixture.cookie = await sessionCookieFor(client, await User.findOrFail(fixture.userId))
  }
}

test.group('Hostile requests (property)', (group) => {
  group.each.setup(() => resetDatabase())

  test('never a 5xx, always the envelope and the headers, nothing stored changes on a 4xx', async ({
    client,
    assert,
  }) => {
    const fixture = await createFixture(client)
    const base = `http://${process.env.HOST}:${process.env.PORT}`
    let cases = 0

    await fc.assert(
      fc.asyncProperty(hostileRequest, async (request) => {
        cases++
        // Each case is judged on its own: the limits are tested elsewhere.
        await limiter.clear()
        const before = await storedDigest()

        const headers: Record<string, string> = {}
        if (request.contentType) headers['content-type'] = request.contentType
        if (request.body?.encoding) headers['content-encoding'] = request.body.encoding
        if (request.requestId) headers['x-request-id'] = request.requestId
        if (request.accept) headers.accept = request.accept
        if (request.page) Object.assign(headers, request.page)
        if (request.session === 'member') headers.cookie = fixture.cookie
        if (request.session === 'forged') headers.cookie = `session=s:${randomUUID()}.forged`
        const method = request.route.method
        const response = await fetch(
          `${base}${pathOf(request.route, fixture)}${request.query ?? ''}`,
          {
            method,
            headers,
            body: method === 'GET' ? undefined : request.body?.bytes,
          }
        )
        const text = await response.text()
        const what = `${method} ${response.url} -> ${response.status} ${text.slice(0, 300)}`

        assert.isBelow(response.status, 500, what)
        for (const [name, value] of Object.entries(HEADERS_OF_EVERY_RESPONSE)) {
          assert.equal(response.headers.get(name), value, `${name}: ${what}`)
        }
        assert.isNotNull(response.headers.get('x-request-id'), what)
        // The API's own description names SQL, `undefined` and the like on purpose.
        const isDescription = request.route.path === '/openapi.json' && response.ok
        if (!isDescription) assert.notMatch(text, LEAKS, what)

        if (response.status >= 400) {
          assert.match(response.headers.get('content-type') ?? '', /^application\/json/, what)
          const errors = JSON.parse(text).errors
          assert.isArray(errors, what)
          assert.isAbove(errors.length, 0, what)
          for (const error of errors) {
            assert.isString(error.message, what)
            assert.match(error.code, /^[a-z_]+(\.[\w]+)+$/, what)
          }
          assert.equal(await storedDigest(), before, `a ${response.status} changed data: ${what}`)
        }
        if (response.status < 300) await restore(fixture, client)
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true, includeErrorInReport: true }
    )

    console.log(`fuzz: ${cases} hostile requests, seed ${SEED}, 0 failures`)
  }).timeout(120_000 + RUNS * 200)

  test('every route the app serves is among the fuzzed ones', ({ assert }) => {
    const fixed = new Set(FIXED_ROUTES.map(({ method, path }) => `${method} ${path}`))
    const withId = ACCOUNT_ID_ROUTES.map((route) => new RegExp(`^${route}:\\w+$`))
    const organizationPaths = ORGANIZATION_TAILS.map(
      (tail) => `/organizations/:organizationId${tail}${tail.endsWith('/') ? ':\\w+' : ''}`
    )
    const organization = new RegExp(`^(GET|POST|PATCH|DELETE) (${organizationPaths.join('|')})$`)

    const unfuzzed = servedRoutes().filter(
      (route) =>
        !fixed.has(route) &&
        !NOT_FUZZED.includes(route) &&
        !withId.some((pattern) => pattern.test(route)) &&
        !organization.test(route)
    )
    assert.deepEqual(unfuzzed, [])
  })
})
