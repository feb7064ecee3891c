import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import ApiException, { message } from '#exceptions/api_exception'
import BadRequestException from '#exceptions/bad_request_exception'

class UnsupportedMediaTypeException extends ApiException {
  static status = 415
  static code = 'input.body.unsupported_media_type'
}

type Options = { nonObject?: 'reject' | 'ignore' }

/**
 * Every route speaks JSON: a body in another media type is a 415, and a
 * JSON body must be an object. `nonObject: 'ignore'` lets the validator see
 * an empty object instead (the newsletter answers its own 422 then).
 */
export function assertJsonBody({ request }: HttpContext, options: Options = {}) {
  // `Content-Length: 0` (what most clients send for a bare POST) is no body.
  const hasBody =
    request.header('transfer-encoding') !== undefined ||
    Number(request.header('content-length')) > 0
  if (!hasBody) return

  if (!request.is(['application/json', 'application/*+json'])) {
    throw new UnsupportedMediaTypeException(message('errors.body.unsupported_media_type'))
  }

  const body: unknown = request.body()
  const isObject = typeof body === 'object' && body !== null && !Array.isArray(body)
  if (isObject) return
  if (options.nonObject !== 'ignore') {
    throw new BadRequestException(message('errors.body.not_an_object'), {
      code: 'input.body.invalid_json',
    })
  }
  request.updateBody({})
}

/** `assertJsonBody` for a route outside the session area (the newsletter's subscribe). */
export default class JsonBodyMiddleware {
  handle(ctx: HttpContext, next: NextFn, options: Options = {}) {
    assertJsonBody(ctx, options)
    return next()
  }
}
