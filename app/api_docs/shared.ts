import { LANGUAGES } from '#helpers/languages'
import { destroySessionValidator } from '#validators/auth'
import { fromValidator, json, ref, text, uuidSchema, type Schema } from '#api_docs/builders'

/*
 * What many operations share: their path parameters, the headers every
 * route reads, the headers of answers in a language, and the error answers.
 */

/** The schema of each path parameter, by name, wherever it appears in a route. */
export function pathParameters(): Record<string, Schema> {
  return {
    organizationId: uuidSchema,
    userId: uuidSchema,
    id: uuidSchema,
    invitationId: uuidSchema,
    sessionId: fromValidator(destroySessionValidator).params.sessionId,
  }
}

/** Every route reads it: the account's `locale`, when set, wins over it. */
export const acceptLanguage = {
  name: 'Accept-Language',
  in: 'header',
  required: false,
  description:
    "Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins.",
  // Node's parser bounds every header (16 KiB for all of them): 431 beyond.
  schema: text(1024),
}

/** The global API limits (config/limiter.ts), on every route of the authenticated area. */
export const API_LIMIT = '100 requests a minute per signed-in user, 10 per IP address otherwise'

/** A response header; `required` when every answer that lists it carries it. */
const header = (description: string, schema: Schema, required = false) => ({
  description,
  required,
  schema,
})

const count = { type: 'integer', format: 'int32', minimum: 0, maximum: 100_000 }
const seconds = { type: 'integer', format: 'int32', minimum: 0, maximum: 86_400 }

/**
 * The response headers, once each (`components.headers`); answers refer to
 * them by name. A header with two meanings has two entries.
 */
export const headers: Record<string, Schema> = {
  'X-Request-Id': header(
    'The request id: the caller’s `X-Request-Id` when it sent a sane one (1-128 of `A-Za-z0-9_.:+/=-`), else a new UUID. The log has it; quote it when reporting a problem',
    { type: 'string', maxLength: 128, pattern: '^[\\w.:+/=-]{1,128}$' },
    true
  ),
  'Access-Control-Allow-Origin': header(
    'CORS: the calling page’s `Origin`, echoed when it is one of `CORS_ORIGINS` (with `Access-Control-Allow-Credentials: true`); absent otherwise, so a page elsewhere cannot read the answer',
    { type: 'string', maxLength: 2048 }
  ),
  'Vary': header(
    '`Origin` (CORS), `Accept-Language` where the body has text, `Origin, Sec-Fetch-Site` on the routes of a session (the origin guard)',
    { type: 'string', maxLength: 256 }
  ),
  'X-RateLimit-Limit': header(
    'Requests the route’s limit allows in its window (the operation’s description names the limit)',
    count
  ),
  'X-RateLimit-Remaining': header('Requests left in the window', count),
  'Retry-After': header('Seconds until the window lets a request in again', seconds, true),
  'Retry-After-Unavailable': header(
    'Seconds after which the dependency may be back',
    seconds,
    true
  ),
  'Content-Language': header(
    'The language of the text: `en` or `fr` (Canadian French)',
    { type: 'string', enum: [...LANGUAGES] },
    true
  ),
  'Vary-Accept-Language': header(
    'Includes `Accept-Language`: the text depends on it',
    { type: 'string', maxLength: 256 },
    true
  ),
  'ETag': header(
    'Version of the event (a strong validator, quoted), for If-Match and If-None-Match',
    { type: 'string', maxLength: 128 },
    true
  ),
}

const headerRef = (name: keyof typeof headers) => ({ $ref: `#/components/headers/${name}` })

/** On every answer (contract, "Headers on every response"). */
const everyAnswer = {
  'X-Request-Id': headerRef('X-Request-Id'),
  'Access-Control-Allow-Origin': headerRef('Access-Control-Allow-Origin'),
  'Vary': headerRef('Vary'),
}

/**
 * The headers of one answer: those of every answer, the rate limit's on
 * a limited route (except its 5xx, which the limit does not decide), and
 * `Retry-After` on a 429 and on the error envelope's 503.
 */
export function answerHeaders(status: number, rateLimit?: string, errorEnvelope = true) {
  return {
    ...everyAnswer,
    ...(rateLimit && status < 500
      ? {
          'X-RateLimit-Limit': headerRef('X-RateLimit-Limit'),
          'X-RateLimit-Remaining': headerRef('X-RateLimit-Remaining'),
        }
      : {}),
    ...(status === 429 ? { 'Retry-After': headerRef('Retry-After') } : {}),
    ...(status === 503 && errorEnvelope
      ? { 'Retry-After': headerRef('Retry-After-Unavailable') }
      : {}),
  }
}

/**
 * Answers whose body carries human text (errors, titles, the unsubscribe
 * page) say their language (contract, Languages).
 */
export const languageHeaders = {
  'Content-Language': headerRef('Content-Language'),
  'Vary': headerRef('Vary-Accept-Language'),
}

export const etagHeader = { ETag: headerRef('ETag') }

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'A field, a parameter or the body is invalid (`input.<field>.<rule>`), or the URL is not valid percent-encoding (`input.url.invalid`)',
  401: 'No valid session (`auth.unauthenticated`)',
  403: 'Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`)',
  404: 'Not found (`common.resource.not_found`)',
  409: 'Conflict',
  412: 'If-Match names another version (`common.resource.precondition_failed`)',
  413: 'Body too large (`input.body.too_large`)',
  415: 'Unsupported media type or encoding',
  422: 'Unprocessable',
  429: 'Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After',
  500: 'Unexpected failure (`common.server.internal`)',
  503: 'A dependency is down, a statement ran past DB_STATEMENT_TIMEOUT_MS, or the organization already uses its share of the database (`common.service.unavailable`), with Retry-After',
}

/** What a sensitive action adds to its description (the `reauthentication` of an operation). */
export const REAUTHENTICATION =
  'For an account with a second factor, allowed within `REAUTH_MAX_AGE_SECONDS` (default 600) of the sign-in or of POST /auth/reauthenticate; else 403 `auth.reauthentication_required` with `meta.methods` and `meta.maxAgeSeconds`, whatever the body carries.'

/**
 * The 403 of a sensitive action: the route's own refusals (`refusals`, the
 * usual ones by default), or a re-authentication needed.
 */
export const reauthenticationError = (refusals: string = ERROR_DESCRIPTIONS[403]) =>
  json(
    ref('Error'),
    `${refusals}, or a re-authentication needed (\`auth.reauthentication_required\`, with \`meta.methods\` and \`meta.maxAgeSeconds\`)`,
    languageHeaders
  )

/** The answer of an error status: the Error schema, in the caller's language. */
export const errorResponse = (status: number) =>
  json(ref('Error'), ERROR_DESCRIPTIONS[status], languageHeaders)

/** An error answer with its own description (a route's particular codes). */
export const errorAnswer = (description: string) => json(ref('Error'), description, languageHeaders)

/**
 * The 403 of an organization's routes: also a member kept out while the
 * organization requires two factors and their account has none.
 */
export const organizationForbidden = {
  403: errorAnswer(
    `${ERROR_DESCRIPTIONS[403]}; a member whose account has no second factor while the organization requires two (\`organization.two_factor_required\`)`
  ),
}

/** What a route with a JSON body may answer about the body itself. */
export const jsonBodyErrors = [400, 413, 415]

/** The limit, an unexpected failure, a dependency down: what most routes may answer. */
export const everyRoute = [429, 500, 503]

/** A group of routes under the API limits: each may also answer what every route may. */
export const API_AREA = { rateLimit: API_LIMIT, errors: everyRoute }

/** A group of routes that need the session cookie (401 without one), under the API limits. */
export const SIGNED_IN = { session: true, rateLimit: API_LIMIT, errors: [401, ...everyRoute] }
