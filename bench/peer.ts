/*
|--------------------------------------------------------------------------
| Fastify peer
|--------------------------------------------------------------------------
|
| GET /organizations/:organizationId/events/:id written the way a Fastify 5
| developer writes it with the stock plugins and their defaults, so that
| `npm run bench` can say how the API compares with what a team would pick
| instead: @fastify/cookie + @fastify/session with its sessions in PostgreSQL
| (connect-pg-simple; `rolling` and `saveUninitialized` left at their
| defaults, so the session is saved back and its cookie set again on every
| response), @fastify/rate-limit with its counters in Redis (100 a minute per
| signed-in user), JSON-schema params and response, `pg` with a pool of 10.
| No hand-tuning. The same tables and seed as the raw baseline; the sessions
| are in connect-pg-simple's own `session` table (seeded by the bench).
|
| Configured by the environment the bench passes: PORT, DATABASE_URL,
| PEER_REDIS_URL, PEER_SECRET.
|
*/

import Fastify from 'fastify'
import fastifyCookie from '@fastify/cookie'
import fastifySession from '@fastify/session'
import fastifyRateLimit from '@fastify/rate-limit'
import connectPgSimple from 'connect-pg-simple'
import { Redis } from 'ioredis'
import pg from 'pg'

declare module 'fastify' {
  interface Session {
    userId?: string
  }
}

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 })
const PgStore = connectPgSimple(fastifySession as any)

// Behind the same loopback proxy as the API (TRUSTED_PROXIES=loopback): the bench says https.
const app = Fastify({ trustProxy: '127.0.0.1' })

await app.register(fastifyCookie)
await app.register(fastifySession, {
  secret: process.env.PEER_SECRET!,
  cookieName: 'sessionId',
  cookie: { maxAge: 7 * 24 * 3600 * 1000 },
  store: new PgStore({ pool }) as any,
})
await app.register(fastifyRateLimit, {
  global: true,
  max: 100,
  timeWindow: '1 minute',
  redis: new Redis(process.env.PEER_REDIS_URL!, { connectTimeout: 500, maxRetriesPerRequest: 1 }),
  keyGenerator: (request) => request.session.userId ?? request.ip,
})

const address = {
  type: ['object', 'null'],
  properties: {
    streetAddress: { type: ['string', 'null'] },
    streetAddress2: { type: ['string', 'null'] },
    city: { type: 'string' },
    state: { type: ['string', 'null'] },
    postalCode: { type: ['string', 'null'] },
    country: { type: 'string' },
  },
}

const event = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    organizationId: { type: 'string' },
    name: { type: 'string' },
    description: { type: ['string', 'null'] },
    targetDate: { type: ['string', 'null'] },
    status: { type: 'string' },
    eventType: { type: 'string' },
    metadata: { type: 'object', additionalProperties: true },
    address,
    createdAt: { type: 'string' },
    updatedAt: { type: 'string' },
  },
}

const FIND = `SELECT m.user_id IS NOT NULL AS is_member, e.*,
                a.street_address, a.street_address_2, a.city, a.state, a.postal_code, a.country
           FROM (SELECT 1) one
           LEFT JOIN organization_members m ON m.organization_id = $1 AND m.user_id = $2
           LEFT JOIN events e ON m.user_id IS NOT NULL AND e.organization_id = $1 AND e.id = $3
           LEFT JOIN event_addresses a ON a.event_id = e.id`

app.get<{ Params: { organizationId: string; id: string } }>(
  '/organizations/:organizationId/events/:id',
  {
    schema: {
      params: {
        type: 'object',
        properties: {
          organizationId: { type: 'string', format: 'uuid' },
          id: { type: 'string', format: 'uuid' },
        },
        required: ['organizationId', 'id'],
      },
      response: { 200: { type: 'object', properties: { data: event } } },
    },
  },
  async (request, reply) => {
    const userId = request.session.userId
    if (!userId) return reply.code(401).send({ errors: [{ message: 'Unauthorized' }] })
    const { organizationId, id } = request.params
    const { rows } = await pool.query(FIND, [organizationId, userId, id])
    const row = rows[0]
    if (!row.is_member) return reply.code(403).send({ errors: [{ message: 'Forbidden' }] })
    if (!row.id) return reply.code(404).send({ errors: [{ message: 'Not found' }] })
    return {
      data: {
        id: row.id,
        organizationId: row.organization_id,
        name: row.name,
        description: row.description,
        targetDate: row.target_date?.toISOString() ?? null,
        status: row.status,
        eventType: row.event_type,
        metadata: row.metadata,
        address: row.city
          ? {
              streetAddress: row.street_address,
              streetAddress2: row.street_address_2,
              city: row.city,
              state: row.state,
              postalCode: row.postal_code,
              country: row.country,
            }
          : null,
        createdAt: row.created_at.toISOString(),
        updatedAt: row.updated_at.toISOString(),
      },
    }
  }
)

app.get('/health', async () => ({ status: 'ok' }))

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' })
process.send?.('ready')
process.on('SIGTERM', () => process.exit(0))
