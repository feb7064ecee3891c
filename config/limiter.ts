import env from '#start/env'
import { databaseName } from '#config/database'
import { defineConfig, stores } from '@adonisjs/limiter'

/**
 * Counters live in PostgreSQL by default so several instances share them:
 * the limiter's in `rate_limits`, and then each signed-in user's API quota
 * in our own `user_request_quotas`, consumed with the session read
 * (start/limiter.ts, app/session/session_read.ts).
 */
const limiterConfig = defineConfig({
  default: env.get('LIMITER_STORE', 'database'),
  stores: {
    database: stores.database({
      connectionName: 'postgres',
      dbName: databaseName,
      tableName: 'rate_limits',
      schemaName: 'public',
      clearExpiredByTimeout: true,
    }),
    redis: stores.redis({ connectionName: 'main', rejectIfRedisNotReady: true }),
    memory: stores.memory({}),
  },
})

export default limiterConfig

declare module '@adonisjs/limiter/types' {
  export interface LimitersList extends InferLimiters<typeof limiterConfig> {}
}
