import { Redis } from 'ioredis'
import pg from 'pg'

/**
 * Every rate-limit counter back to zero: the API's and the baseline's (its
 * tables, or the API's Redis) and the peer's (its Redis). Each run starts
 * with fresh counters, so none of them serves cheap 429s because an earlier
 * run spent its users' minute.
 */
export async function limitResetter(
  databaseUrl: string,
  { redisUrl, peerRedisUrl }: { redisUrl?: string; peerRedisUrl?: string }
) {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  const stores = [
    ...(peerRedisUrl ? [{ url: peerRedisUrl, pattern: 'fastify-rate-limit-*' }] : []),
    // rate-limiter-flexible's default key prefix (config/limiter.ts sets none).
    ...(redisUrl ? [{ url: redisUrl, pattern: 'rlflx:*' }] : []),
  ].map(({ url, pattern }) => ({ redis: new Redis(url), pattern }))
  return {
    async reset() {
      await client.query('DELETE FROM rate_limits')
      await client.query('DELETE FROM user_request_quotas')
      for (const { redis, pattern } of stores) {
        const keys = await redis.keys(pattern)
        if (keys.length > 0) await redis.del(...keys)
      }
    },
    async close() {
      await client.end()
      for (const { redis } of stores) redis.disconnect()
    },
  }
}
