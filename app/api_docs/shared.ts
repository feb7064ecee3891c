import { LANGUAGES } from '#helpers/languages'
import { destroySessionValidator } from '#validators/auth'
import { fromValidator, json, ref, uuidSchema, type Schema } from '#api_docs/builders'

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
  schema: { type: 'string' },
}

/**
 * Answers whose body carries human text (errors, titles, the unsubscribe
 * page) say their language (contract, Languages).
 */
export const languageHeaders = {
  'Content-Language': {
    description: 'The language of the text: `en` or `fr` (Canadian French)',
    schema: { type: 'string', enum: [...LANGUAGES] },
  },
  'Vary': {
    description: 'Includes `Accept-Language`: the text depends on it',
    schema: { type: 'string' },
  },
}

export const etagHeader = {
  ETag: {
    description: 'Version of the event, for If-Match and If-None-Match',
    schema: { type: 'string' },
  },
}

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'A field, a parameter or the body is invalid (`input.<field>.<rule>`)',
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
  503: 'A dependency is down (`common.service.unavailable`), with Retry-After',
}

/** The answer of an error status: the Error schema, in the caller's language. */
export const errorResponse = (status: number) =>
  json(ref('Error'), ERROR_DESCRIPTIONS[status], languageHeaders)

/** What a route with a JSON body may answer about the body itself. */
export const jsonBodyErrors = [400, 413, 415]

/** The limit, an unexpected failure, a dependency down: what most routes may answer. */
export const everyRoute = [429, 500, 503]
