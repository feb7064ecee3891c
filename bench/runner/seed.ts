import { randomUUID } from 'node:crypto'
import { Signer } from '@fastify/cookie'
import { Redis } from 'ioredis'
import pg from 'pg'
import { apiSessions, SESSION_SECONDS } from './from_api.js'
import { progress } from './progress.js'
import { vacuumAndCheckpoint } from './vacuum.js'

export type Account = {
  userId: string
  organizationId: string
  eventId: string
  /** The API's session cookie (its `sessions` table, or its Redis with --redis). */
  cookie: string
  /** The Fastify peer's own session cookie (connect-pg-simple's `session` table). */
  peerCookie: string
}

export interface SeedOptions {
  users: number
  events: number
  appKey: string
  peerSecret: string
  /** The API's sessions go there too (--redis). */
  redisUrl?: string
}

/**
 * Users, one organization each, events spread over them, and a session per
 * user for the API and for the peer: straight into the database.
 */
export async function seed(url: string, options: SeedOptions): Promise<Account[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  await client.query(
    `CREATE TEMP TABLE bench_users AS
       SELECT i, gen_random_uuid() AS user_id, gen_random_uuid() AS org_id
         FROM generate_series(1, $1::int) i`,
    [options.users]
  )
  await client.query(`INSERT INTO users (id, email, full_name, password, created_at, updated_at)
    SELECT user_id, 'bench' || i || '@bench.test', 'Bench ' || i, 'not-a-hash', now(), now() FROM bench_users`)
  await client.query(`INSERT INTO organizations (id, name, created_at, updated_at)
    SELECT org_id, 'Org ' || i, now(), now() FROM bench_users`)
  await client.query(`INSERT INTO organization_members (organization_id, user_id, created_at)
    SELECT org_id, user_id, now() FROM bench_users`)
  for (let from = 1; from <= options.events; from += 100_000) {
    const to = Math.min(options.events, from + 99_999)
    progress(`seeding events ${from}-${to} of ${options.events}`)
    await client.query(
      `WITH inserted AS (
         INSERT INTO events (id, organization_id, name, status, event_type, metadata, created_at, updated_at)
         SELECT gen_random_uuid(), b.org_id, 'Event ' || g, 'PLANNING', 'ONE_OFF',
                '{"category":"wedding","guestCount":{"approximate":100}}', now(), now()
           FROM generate_series($1::int, $2::int) g JOIN bench_users b ON b.i = 1 + (g % $3::int)
         RETURNING id)
       INSERT INTO event_addresses (event_id, city, country, postal_code, created_at, updated_at)
       SELECT id, 'Ottawa', 'CA', 'K1A 0B1', now(), now() FROM inserted`,
      [from, to, options.users]
    )
  }
  const { rows } =
    await client.query(`SELECT DISTINCT ON (b.i) b.user_id, b.org_id, e.id AS event_id
      FROM bench_users b JOIN events e ON e.organization_id = b.org_id ORDER BY b.i, e.id`)

  const sessions = await apiSessions(options.appKey)
  const peerSigner = new Signer(options.peerSecret)
  const accounts = rows.map((row) => {
    const sessionId = randomUUID()
    return {
      sessionId,
      userId: row.user_id as string,
      organizationId: row.org_id as string,
      eventId: row.event_id as string,
      cookie: sessions.cookie(sessionId),
      data: sessions.data(sessionId, row.user_id),
      peerCookie: `sessionId=${encodeURIComponent(peerSigner.sign(sessionId))}`,
    }
  })
  await client.query(
    `INSERT INTO sessions (id, data, user_id, expires_at)
     SELECT *, now() + make_interval(secs => $4) FROM unnest($1::text[], $2::text[], $3::uuid[])`,
    [
      accounts.map((a) => a.sessionId),
      accounts.map((a) => a.data),
      accounts.map((a) => a.userId),
      SESSION_SECONDS,
    ]
  )
  // The peer's sessions (same ids), as @fastify/session and connect-pg-simple write them (its table.sql).
  await client.query(`CREATE TABLE session (sid varchar NOT NULL COLLATE "default" PRIMARY KEY,
    sess json NOT NULL, expire timestamp(6) NOT NULL)`)
  await client.query('CREATE INDEX "IDX_session_expire" ON session (expire)')
  const peerExpiry = new Date(Date.now() + SESSION_SECONDS * 1000)
  await client.query(
    `INSERT INTO session (sid, sess, expire)
     SELECT sid, json_build_object('cookie', json_build_object('originalMaxAge', $3::bigint,
              'expires', $4::text, 'secure', true, 'httpOnly', true, 'path', '/'), 'userId', uid),
            $4::timestamptz
       FROM unnest($1::text[], $2::text[]) AS t(sid, uid)`,
    [
      accounts.map((a) => a.sessionId),
      accounts.map((a) => a.userId),
      SESSION_SECONDS * 1000,
      peerExpiry.toISOString(),
    ]
  )
  // Freshly loaded tables: vacuumed, analysed and flushed now, not by autovacuum or a
  // checkpoint in the middle of the first measured run.
  await vacuumAndCheckpoint(client, { analyze: true })
  await client.end()
  if (options.redisUrl) {
    // As @adonisjs/session's Redis store writes them: the id as key, the signed data, a TTL.
    const redis = new Redis(options.redisUrl)
    const pipeline = redis.pipeline()
    for (const a of accounts) {
      pipeline.setex(a.sessionId, SESSION_SECONDS, a.data)
    }
    await pipeline.exec()
    await redis.quit()
  }
  return accounts.map(({ userId, organizationId, eventId, cookie, peerCookie }) => ({
    userId,
    organizationId,
    eventId,
    cookie,
    peerCookie,
  }))
}
