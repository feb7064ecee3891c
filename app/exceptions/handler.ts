import app from '@adonisjs/core/services/app'
import emitter from '@adonisjs/core/services/emitter'
import router from '@adonisjs/core/services/router'
import { type HttpContext, ExceptionHandler } from '@adonisjs/core/http'
import type { I18n } from '@adonisjs/i18n'
import { errors as authErrors } from '@adonisjs/auth'
import { errors as bouncerErrors } from '@adonisjs/bouncer'
import { errors as limiterErrors } from '@adonisjs/limiter'
import { errors as lucidErrors } from '@adonisjs/lucid'
import { errors as httpErrors } from '@adonisjs/core/http'
import { errors as vineErrors } from '@vinejs/vine'
import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import ApiException from '#exceptions/api_exception'
import ServiceUnavailableException from '#exceptions/service_unavailable_exception'
import OrganizationBusyException from '#exceptions/organization_busy_exception'
import { FieldException } from '#exceptions/validation_error_reporter'
import { DEFAULT_LANGUAGE, negotiate, speak, translator } from '#helpers/languages'
import { requestIdOf, securityHeaders } from '#helpers/security_headers'
import { isInvalidData, isStatementTimeout } from '#helpers/database_errors'
import { isDependencyUnavailable } from '#helpers/dependency_errors'

declare module '@adonisjs/core/types' {
  interface EventsList {
    /** A request's statement was cancelled past DB_STATEMENT_TIMEOUT_MS (counted in the metrics). */
    'db:statement_timeout': { route: string }
  }
}

type ErrorEntry = {
  message: string
  code: string
  field?: string
  rule?: string
  meta?: Record<string, unknown>
}
type Rendered = { status: number; errors: ErrorEntry[]; headers?: Record<string, string> }

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']

/** What a 503 tells clients to wait before retrying. */
const RETRY_AFTER_SECONDS = 5

/**
 * The one place that builds error bodies: every failure, ours or the
 * framework's, leaves as `{ errors: [{ message, code, field?, rule? }] }`
 * with the codes of the contract. Never HTML, never a stack trace.
 */
export default class HttpExceptionHandler extends ExceptionHandler {
  protected debug = false

  protected ignoreStatuses = [400, 401, 403, 404, 405, 409, 412, 413, 415, 422, 429]

  async handle(error: unknown, ctx: HttpContext) {
    const { status, errors, headers } = this.#render(error, ctx, speak(ctx))
    for (const [name, value] of Object.entries(headers ?? {})) ctx.response.header(name, value)
    return ctx.response.status(status).send({ errors })
  }

  /**
   * 5xx are logged with the request id and what caused them (the driver's
   * own message, which never reaches a production body); a 503 at info level:
   * the outage behind it is one warning at its start and one at its end
   * (services/platform/dependency_outages.ts), not a warning per request.
   */
  async report(error: unknown, ctx: HttpContext) {
    if (this.#isSlowStatement(error)) return this.#reportSlowStatement(ctx)
    if (error instanceof OrganizationBusyException) {
      ctx.logger.warn(
        { ...where(ctx), organizationId: ctx.params.organizationId },
        "organization's share of the database pool busy: answered 503"
      )
      return
    }
    if (this.#isUnavailable(error)) {
      // The message alone: a stack per request would bury the outage's two warnings.
      const reason = error instanceof Error ? error.message.split('\n', 1)[0] : String(error)
      ctx.logger.info({ reason, 'x-request-id': ctx.request.id() }, 'dependency unavailable')
      return
    }
    const cause = (error as { cause?: unknown } | null)?.cause
    if (error instanceof ApiException && error.status >= 500 && cause) {
      ctx.logger.error({ 'err': error, cause, 'x-request-id': ctx.request.id() }, error.message)
      return
    }
    return super.report(error, ctx)
  }

  /**
   * A statement of this request ran past DB_STATEMENT_TIMEOUT_MS: the
   * request's own slowness, not an outage. One warning naming the route (no
   * stack: the trace would only show the driver), and the metric.
   */
  async #reportSlowStatement(ctx: HttpContext) {
    const request = where(ctx)
    ctx.logger.warn(request, 'statement ran past DB_STATEMENT_TIMEOUT_MS: answered 503')
    await emitter.emit('db:statement_timeout', { route: request.route })
  }

  /** The driver's own cancel (a service's exception around it keeps its own answer). */
  #isSlowStatement(error: unknown) {
    return !(error instanceof ApiException) && isStatementTimeout(error)
  }

  #isUnavailable(error: unknown) {
    return (
      error instanceof ServiceUnavailableException ||
      (!(error instanceof ApiException) && isDependencyUnavailable(error))
    )
  }

  /**
   * Messages are written in the caller's language (`i18n`, from
   * resources/lang); codes never change with it.
   */
  #render(error: unknown, ctx: HttpContext, i18n: I18n): Rendered {
    if (error instanceof FieldException) {
      const [entry] = error.messages
      const { key, data } = error.translation
      return { status: error.status, errors: [{ ...entry, message: i18n.t(key, data) }] }
    }
    if (error instanceof vineErrors.E_VALIDATION_ERROR) {
      return { status: error.status, errors: error.messages }
    }
    if (this.#isUnavailable(error) || this.#isSlowStatement(error)) {
      return {
        ...one(503, i18n.t('errors.service.unavailable'), ServiceUnavailableException.code),
        headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) },
      }
    }
    if (error instanceof ApiException) {
      const message = error.translation
        ? i18n.t(error.translation.key, error.translation.data)
        : error.message
      const entry: ErrorEntry = { message, code: error.code! }
      if (error.field) entry.field = error.field
      if (error.meta) entry.meta = error.meta
      return { status: error.status, errors: [entry] }
    }
    if (error instanceof authErrors.E_UNAUTHORIZED_ACCESS) {
      return one(401, i18n.t('errors.auth.unauthenticated'), 'auth.unauthenticated')
    }
    if (error instanceof authErrors.E_INVALID_CREDENTIALS) {
      return one(400, i18n.t('errors.auth.invalid_credentials'), 'auth.invalid_credentials')
    }
    if (error instanceof bouncerErrors.E_AUTHORIZATION_FAILURE) {
      // A policy names its refusal (auth.forbidden, auth.insufficient_role; a missing event's 404).
      const { code, translation, status } = error.response as {
        code?: string
        translation?: { identifier: string; data?: Record<string, unknown> }
        status?: number
      }
      const message = translation
        ? i18n.t(translation.identifier, translation.data)
        : (error.response.message ?? error.message)
      return one(status ?? 403, message, code ?? 'auth.forbidden')
    }
    if (error instanceof lucidErrors.E_ROW_NOT_FOUND) {
      return one(404, i18n.t('errors.resource.not_found'), 'common.resource.not_found')
    }
    if (error instanceof limiterErrors.E_TOO_MANY_REQUESTS) {
      return {
        ...one(429, i18n.t('errors.rate_limit.exceeded'), 'common.rate_limit.exceeded'),
        headers: error.getDefaultHeaders(),
      }
    }
    if (error instanceof httpErrors.E_ROUTE_NOT_FOUND) {
      return this.#routeNotFound(ctx, i18n)
    }

    const code = (error as { code?: string })?.code
    const status = (error as { status?: number })?.status
    if (code === 'E_REQUEST_ENTITY_TOO_LARGE') {
      return one(413, i18n.t('errors.body.too_large'), 'input.body.too_large')
    }
    // The JSON parser's own failures carry a 400 status.
    if (error instanceof SyntaxError && status === 400) {
      return one(400, i18n.t('errors.body.invalid_json'), 'input.body.invalid_json')
    }
    if (isInvalidData(error)) {
      return one(400, i18n.t('errors.body.invalid_value'), 'input.body.invalid_value')
    }

    return one(
      500,
      app.inProduction ? i18n.t('errors.server.internal') : describe(error),
      'common.server.internal'
    )
  }

  /** A known path with another method is a 405 with an Allow header. */
  #routeNotFound(ctx: HttpContext, i18n: I18n): Rendered {
    const url = ctx.request.url()
    const allowed = METHODS.filter((method) => router.match(url, method, false))
    if (allowed.length > 0) {
      return {
        ...one(405, i18n.t('errors.method.not_allowed'), 'common.method.not_allowed'),
        headers: { Allow: allowed.join(', ') },
      }
    }
    return one(404, i18n.t('errors.resource.not_found'), 'common.resource.not_found')
  }
}

/**
 * A URL that is not valid percent-encoding fails before any context exists
 * (config/app.ts, onBadUrl): the same envelope and headers, by hand.
 */
export function answerBadUrl(request: IncomingMessage, response: ServerResponse) {
  const i18n = translator(negotiate(request.headers['accept-language']))
  const body = JSON.stringify({
    errors: [{ message: i18n.t('errors.url.invalid'), code: 'input.url.invalid' }],
  })
  response.writeHead(400, {
    ...securityHeaders(requestIdOf(request)),
    'Content-Language': i18n.locale,
    'Vary': 'Accept-Language',
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
  })
  response.end(body)
}

/**
 * A request Node's own HTTP parser refuses (a malformed request line or
 * header, headers over the size limit) never reaches the framework: it is
 * answered here, on the socket, in the envelope and with the headers of
 * every response, instead of Node's bare `400 Bad Request`.
 */
export function answerUnparsableRequest(error: { code?: string }, socket: Duplex) {
  if (!socket.writable) return socket.destroy()
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW'
  // No header could be read, Accept-Language included: the default language.
  const i18n = translator(DEFAULT_LANGUAGE)
  const body = JSON.stringify({
    errors: [
      tooLarge
        ? { message: i18n.t('errors.request.headers_too_large'), code: 'input.headers.too_large' }
        : { message: i18n.t('errors.request.invalid'), code: 'input.request.invalid' },
    ],
  })
  const headers = {
    ...securityHeaders(randomUUID()),
    'Content-Language': i18n.locale,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Connection': 'close',
  }
  const status = tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request'
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`)
  socket.end(`HTTP/1.1 ${status}\r\n${lines.join('')}\r\n${body}`)
}

/** What a log line says of the request: its method, route pattern and id. */
function where(ctx: HttpContext) {
  return {
    'method': ctx.request.method(),
    'route': ctx.route?.pattern ?? 'unmatched',
    'x-request-id': ctx.request.id(),
  }
}

function one(status: number, message: string, code: string): Rendered {
  return { status, errors: [{ message, code }] }
}

/**
 * Outside production a 500 says what broke (the message only, no stack); in
 * production only what the contract's table says (the log has the rest).
 */
function describe(error: unknown) {
  return error instanceof Error && error.message ? error.message : 'Internal server error'
}
