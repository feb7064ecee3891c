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

/** Containers nested inside `value` (an object or array counts one), without recursion. */
function depthOf(value: unknown) {
  let deepest = 0
  const pending: [unknown, number][] = [[value, 1]]
  while (pending.length > 0) {
    const [node, depth] = pending.pop()!
    if (typeof node !== 'object' || node === null) continue
    deepest = Math.max(deepest, depth)
    if (deepest > MAX_BODY_DEPTH) return deepest
    for (const child of Object.values(node)) pending.push([child, depth + 1])
  }
  return deepest
}

/**
 * The framework's body parser, with the bodies it cannot decode turned into
 * the contract's 4xx instead of a 500: an unsupported `Content-Encoding`
 * (415), one whose bytes do not decode (400), and nesting deeper than 64
 * levels (400; far deeper nesting overflows the parser's deep clone).
 */
@inject()
export default class BodyParserMiddleware {
  constructor(private parser: BodyParser) {}

  async handle(ctx: HttpContext, next: NextFn) {
    let parsed = false
    try {
      await this.parser.handle(ctx, () => {
        parsed = true
        if (depthOf(ctx.request.body()) > MAX_BODY_DEPTH) {
          throw new BadRequestException(
            message('errors.body.too_deep', { depth: MAX_BODY_DEPTH }),
            { code: 'input.body.invalid_json' }
          )
        }
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
