import env from '#start/env'
import { defineConfig } from '@adonisjs/redis'
import type { InferConnections } from '@adonisjs/redis/types'

/**
 * Only used when SESSION_STORE or LIMITER_STORE is `redis`; connections are
 * opened lazily, so an unset REDIS_URL costs nothing.
 */
const redisUrl = new URL(env.get('REDIS_URL', 'redis://127.0.0.1:6379'))

const redisConfig = defineConfig({
  connection: 'main',
  connections: {
    main: {
      host: redisUrl.hostname,
      port: Number(redisUrl.port || 6379),
      username: decodeURIComponent(redisUrl.username) || undefined,
      password: decodeURIComponent(redisUrl.password) || undefined,
      db: Number(redisUrl.pathname.slice(1) || 0),
      keyPrefix: '',
      // Keep reconnecting (at most every 2 s) so an outage ends without a restart.
      retryStrategy(times) {
        return Math.min(times * 100, 2000)
      },
      // While disconnected, commands fail at once (503) instead of queueing.
      enableOfflineQueue: false,
    },
  },
})

export default redisConfig

declare module '@adonisjs/redis/types' {
  export interface RedisConnections extends InferConnections<typeof redisConfig> {}
}
