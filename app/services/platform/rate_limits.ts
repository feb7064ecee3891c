import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import {
  LimiterResponse,
  errors as limiterErrors,
  type HttpLimiter,
  type LimiterManager,
} from '@adonisjs/limiter'
import type { LimiterConsumptionOptions } from '@adonisjs/limiter/types'
import { limits as configuredLimits, type LimitName } from '#config/limiter'
import { isMonitoringSecret } from '#helpers/monitoring_secret'
import { isDependencyUnavailable } from '#helpers/dependency_errors'

/** A user's quota after this request: `spent` of `limit` until `windowEndsAt` (ms). */
export type SpentQuota = { userId: string; limit: number; spent: number; windowEndsAt: number }

/**
 * The signed-in user's API quota counted outside the limiter (app/session/session_read.ts:
 * in `user_request_quotas`, with the session read), and what a request's session read
 * already consumed of it.
 */
export interface UserQuota {
  /** The length of a window, in ms. */
  readonly windowMs: number
  /** One request of `userId`'s quota, in a statement of its own. */
  consume(userId: string): Promise<SpentQuota>
  /** A quota read back from the session read's statement (`windowEndsAt` as PostgreSQL gives it). */
  spent(userId: string, spent: number, windowEndsAt: string): SpentQuota
}
export interface QuotaTaken {
  spentQuota(userId: string): SpentQuota | undefined
}

/** The numbers of every limit, by name (config/limiter.ts); null: that limit is off. */
export type LimitDefinitions = Record<LimitName, LimiterConsumptionOptions | null>

/** Counts a refusal of the limit `limiter` (a 429) and hands the error back. */
export type CountRejection = (limiter: string, error: unknown) => unknown

/** A throttle as a route's middleware. */
export type Throttle = (ctx: HttpContext, next: NextFn) => Promise<unknown>

/** Who a route's limit counts: the caller's IP, or the signed-in account (none without one). */
type Per = 'ip' | 'user'

type RouteOptions = {
  per: Per
  /** Counted in `rate_limit_rejections_total{limiter}` under the limit's name. */
  counted?: boolean
  /** The route answers for itself when the limiter's store is down (contract, "Faults and outages"). */
  failOpen?: boolean
  /** Whether the limit applies to this request at all. */
  when?: (ctx: HttpContext) => boolean | Promise<boolean>
}

/**
 * Whether the newsletter limit applies: the spec disables it in tests. The
 * test of the limit swaps it on through the container, nothing is mutated.
 */
export class NewsletterLimitSwitch {
  constructor(readonly enabled: boolean) {}
}

/**
 * Every rate limit of the API, from one definition (config/limiter.ts): the
 * routes' throttles (start/limiter.ts names which route takes which), the
 * limits services consume themselves (login, password reset, invitations,
 * the subscribe form's), and the global API limits, whose per-user quota is
 * consumed with the session read when counters and sessions are both in
 * PostgreSQL (app/session/session_read.ts). The stores are the limiter's
 * (LIMITER_STORE): swapping them changes nothing here.
 */
export default class RateLimits {
  /**
   * `userQuota`: the signed-in user's API quota in `user_request_quotas`, when the
   * limiter's store is PostgreSQL (the bindings provider decides); null: the limiter counts it.
   */
  constructor(
    private manager: LimiterManager<any>,
    private countRejection: CountRejection,
    readonly userQuota: UserQuota | null,
    private definitions: LimitDefinitions = configuredLimits
  ) {}

  /** A limit consumed by a service itself (e.g. `login` with `penalize`); null when it is off. */
  limiter(name: LimitName) {
    const numbers = this.definitions[name]
    return numbers ? this.manager.use(numbers) : null
  }

  /** A limit that is always on (login, password reset, invitations). */
  use(name: LimitName) {
    return this.manager.use(this.#numbers(name))
  }

  /**
   * A route's throttle: the limit's X-RateLimit headers are written before
   * the request goes on, not after it as `limiter.define` does, so a limit
   * inside the request that refuses it (login brute force) keeps its own
   * headers on its 429. Same keys as `define` (`<name>_<key>`), same 429.
   */
  route(name: LimitName, options: RouteOptions): Throttle {
    const numbers = this.#numbers(name)
    const build = async (ctx: HttpContext): Promise<HttpLimiter<any> | null> => {
      if (options.when && !(await options.when(ctx))) return null
      const key = keyOf(options.per, ctx)
      if (key === null) return null
      return this.manager.allowRequests(numbers.requests).every(numbers.duration).usingKey(key)
    }
    let throttle: Throttle = async (ctx, next) => {
      const limit = await build(ctx)
      if (!limit) return next()
      const { limit: allowed, remaining } = await limit.throttle(name, ctx)
      ctx.response.header('X-RateLimit-Limit', allowed)
      ctx.response.header('X-RateLimit-Remaining', remaining)
      return next()
    }
    if (options.counted) throttle = this.#counted(name, throttle)
    if (options.failOpen) throttle = this.#failOpen(throttle)
    return throttle
  }

  /**
   * The global API limits, one statement per request: consuming alone
   * refuses what `define()` would (these limits have no block duration)
   * without reading the counter first. Per signed-in user, taken from the
   * session read when it consumed it; else per IP.
   */
  async consumeApi(ctx: HttpContext, sessionRead?: QuotaTaken) {
    const user = ctx.auth.user
    let consumed: LimiterResponse
    try {
      consumed = user
        ? await this.#consumeUser(user.id, sessionRead)
        : await this.use('api_ip').consume(`api_ip_${ctx.request.ip()}`)
    } catch (error) {
      throw this.countRejection('api', error)
    }
    // Before the request goes on, as a route's throttle: an inner 429 keeps its own headers.
    ctx.response.header('X-RateLimit-Limit', consumed.limit)
    ctx.response.header('X-RateLimit-Remaining', consumed.remaining)
  }

  /**
   * /health inside the throttled group (production, spec): the monitor that
   * presents the secret is never throttled, and a limiter whose store is
   * down never turns the health answer into a 500 or 429.
   */
  health(): Throttle {
    const throttled = this.#failOpen(async (ctx, next) => {
      await this.consumeApi(ctx)
      return next()
    })
    return (ctx, next) =>
      isMonitoringSecret(ctx.request.header('x-monitoring-secret')) ? next() : throttled(ctx, next)
  }

  async #consumeUser(userId: string, sessionRead?: QuotaTaken) {
    if (!this.userQuota) return this.use('api_user').consume(`api_user_${userId}`)
    return answerFor(sessionRead?.spentQuota(userId) ?? (await this.userQuota.consume(userId)))
  }

  #numbers(name: LimitName) {
    const numbers = this.definitions[name]
    if (!numbers) throw new Error(`The rate limit "${name}" is off; it has no numbers`)
    return numbers
  }

  /** Lets the request through when the limiter's own store is down. */
  #failOpen(limit: Throttle): Throttle {
    return whenLimitFails(limit, async (error, ctx, next) => {
      if (!isDependencyUnavailable(error)) throw error
      ctx.logger.warn({ err: error }, 'rate limit skipped: its store is down')
      return next()
    })
  }

  /** Counts the 429s of `limit` under `name`. */
  #counted(name: string, limit: Throttle): Throttle {
    return whenLimitFails(limit, async (error) => {
      throw this.countRejection(name, error)
    })
  }
}

function keyOf(per: Per, ctx: HttpContext) {
  if (per === 'ip') return `ip_${ctx.request.ip()}`
  return ctx.auth.user ? `user_${ctx.auth.user.id}` : null
}

/** The limiter's answer for a user's quota spent in `user_request_quotas`. */
function answerFor({ limit, spent, windowEndsAt }: SpentQuota) {
  const response = new LimiterResponse({
    limit,
    remaining: Math.max(limit - spent, 0),
    consumed: spent,
    availableIn: Math.ceil(Math.max(windowEndsAt - Date.now(), 0) / 1000),
  })
  if (spent > limit) throw new limiterErrors.E_TOO_MANY_REQUESTS(response)
  return response
}

/**
 * Runs `limit` and hands `onRefusal` only the errors the limit itself
 * raised, never those of what runs after it admitted the request.
 */
function whenLimitFails(
  limit: Throttle,
  onRefusal: (error: unknown, ctx: HttpContext, next: NextFn) => Promise<unknown>
): Throttle {
  return async (ctx, next) => {
    let admitted = false
    try {
      return await limit(ctx, () => {
        admitted = true
        return next()
      })
    } catch (error) {
      if (admitted) throw error
      return onRefusal(error, ctx, next)
    }
  }
}
