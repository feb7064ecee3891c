import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import BodyParser from '@adonisjs/core/bodyparser_middleware'
import ApiException, { message } from '#exceptions/api_exception'
import BadRequestException from '#exceptions/bad_request_exception'

/** Deeper bodies are refused (contract: nesting deeper than 64 levels). */
export const MAX_BODY_DEPTH = 64

class UnsupportedEncodingException extends ApiException {
  static status = 415
  static code = 'input.body.unsupported_encoding'
}

/**
 * Trims every string of a parsed body in place (for JSON, config/bodyparser.ts
 * leaves it to this walk; a form's strings come trimmed) and gives how deeply
 * containers nest in it (an object or array counts one), without recursion.
 * Stops at the first level past MAX_BODY_DEPTH: that body is refused whole.
 */
function trimAndMeasure(body: unknown) {
  let deepest = 0
  const pending: [Record<string, unknown>, number][] = []
  if (typeof body === 'object' && body !== null) pending.push([body as Record<string, unknown>, 1])
  while (pending.length > 0) {
    const [node, depth] = pending.pop()!
    deepest = Math.max(deepest, depth)
    if (deepest > MAX_BODY_DEPTH) return deepest
    for (const key of Object.keys(node)) {
      const value = node[key]
      if (typeof value === 'string') node[key] = value.trim()
      else if (typeof value === 'object' && value !== null) {
        pending.push([value as Record<string, unknown>, depth + 1])
      }
    }
  }
  return deepest
}

/**
 * The framework's body parser, with the bodies it cannot decode turned into
 * the contract's 4xx instead of a 500: an unsupported `Content-Encoding`
 * (415), one whose bytes do not decode (400), and nesting deeper than 64
 * levels (400; far deeper nesting overflows the parser's deep clone); and
 * the strings of a JSON body trimmed, as the parser's forms are.
 */
@inject()
export default class BodyParserMiddleware {
  constructor(private parser: BodyParser) {}

  async handle(ctx: HttpContext, next: NextFn) {
    let parsed = false
    try {
      await this.parser.handle(ctx, () => {
        parsed = true
        const body = ctx.request.body()
        if (trimAndMeasure(body) > MAX_BODY_DEPTH) {
          throw new BadRequestException(
            message('errors.body.too_deep', { depth: MAX_BODY_DEPTH }),
            { code: 'input.body.invalid_json' }
          )
        }
        // `all()` is a copy made when the body was set: set it again with the trimmed strings.
        if (ctx.request.bodyType === 'json') ctx.request.updateBody(body)
        return next()
      })
    } catch (error) {
      throw parsed ? error : undecodable(error)
    }
  }
}

/** What the parser's own failures mean for the caller. */
function undecodable(error: unknown) {
  const { code, status } = (error ?? {}) as { code?: unknown; status?: unknown }
  // raw-body names it E_ENCODING_UNSUPPORTED; inflation only says 415.
  if (code === 'E_ENCODING_UNSUPPORTED' || status === 415) {
    return new UnsupportedEncodingException(message('errors.body.unsupported_encoding'), {
      cause: error,
    })
  }
  // zlib's errors (Z_DATA_ERROR, Z_BUF_ERROR, ...): the bytes are not what the header says.
  if (typeof code === 'string' && code.startsWith('Z_')) {
    return new BadRequestException(message('errors.body.encoding_mismatch'), {
      code: 'input.body.unsupported_encoding',
      cause: error,
    })
  }
  if (error instanceof RangeError) {
    return new BadRequestException(message('errors.body.too_deep', { depth: MAX_BODY_DEPTH }), {
      code: 'input.body.invalid_json',
      cause: error,
    })
  }
  return error
}
