/*
|--------------------------------------------------------------------------
| Raw baseline
|--------------------------------------------------------------------------
|
| node:http + pg, no framework: the same routes as the API doing the same
| SQL round trips with prepared statements, so `npm run bench` can say how
| far the API is from the least work each request needs. Configured by the
| environment the bench passes: PORT, DATABASE_URL, SMTP_HOST, SMTP_PORT.
|
*/

import { createHmac } from 'node:crypto'
import { statfs } from 'node:fs/promises'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import nodemailer from 'nodemailer'
import pg from 'pg'

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 })
// Pooled, as the API's: SMTP sessions stay open and carry many emails.
const mailer = nodemailer.createTransport({
  host: process.env.SMTP_HOST,
  port: Number(process.env.SMTP_PORT),
  secure: false,
  ignoreTLS: true,
  pool: true,
  maxConnections: 10,
})
const hmacKey = 'baseline'

const SESSION = {
  name: 'b_session',
  text: `SELECT s.data, s.expires_at, u.id, u.email FROM sessions s
          LEFT JOIN users u ON u.id = s.user_id WHERE s.id = $1`,
}
/** As the API: the session, its user and the user's limit consumed, in one statement. */
const SESSION_LIMIT = {
  name: 'b_session_limit',
  text: `WITH r AS (${SESSION.text}),
         q AS (INSERT INTO user_request_quotas AS uq (user_id, spent, window_ends_at_ms)
                SELECT r.id, 1, $2 FROM r
                 WHERE r.id IS NOT NULL AND r.expires_at >= to_timestamp($3::bigint / 1000.0)
               ON CONFLICT (user_id) DO UPDATE SET
                 spent = CASE WHEN uq.window_ends_at_ms <= $3 THEN 1 ELSE uq.spent + 1 END,
                 window_ends_at_ms = CASE WHEN uq.window_ends_at_ms <= $3 THEN $2 ELSE uq.window_ends_at_ms END
               RETURNING spent AS points)
         SELECT r.*, q.points FROM r LEFT JOIN q ON true`,
}
const LIMIT = {
  name: 'b_limit',
  text: `INSERT INTO rate_limits VALUES ($1, 1, $2) ON CONFLICT (key) DO UPDATE SET
           points = CASE WHEN rate_limits.expire <= $3 THEN 1 ELSE rate_limits.points + 1 END,
           expire = CASE WHEN rate_limits.expire <= $3 THEN $2 ELSE rate_limits.expire END
         RETURNING points, expire`,
}
const FIND = {
  name: 'b_find',
  text: `SELECT m.user_id IS NOT NULL AS is_member, e.xmin::text AS row_version, e.*,
                a.street_address, a.street_address_2, a.city, a.state, a.postal_code, a.country
           FROM (SELECT 1) one
           LEFT JOIN organization_members m ON m.organization_id = $1 AND m.user_id = $2
           LEFT JOIN events e ON m.user_id IS NOT NULL AND e.organization_id = $1 AND e.id = $3
           LEFT JOIN event_addresses a ON a.event_id = e.id`,
}
const UPDATE = {
  name: 'b_update',
  text: `UPDATE events SET name = $1, metadata = $2, updated_at = now()
          WHERE id = $3 AND xmin::text = $4 RETURNING updated_at`,
}
const MEMBER = {
  name: 'b_member',
  text: 'SELECT 1 FROM organization_members WHERE organization_id = $1 AND user_id = $2',
}
const LIST = {
  name: 'b_list',
  text: `SELECT e.*, (e.created_at)::text AS sort_key,
                a.street_address, a.street_address_2, a.city, a.state, a.postal_code, a.country
           FROM events e LEFT JOIN event_addresses a ON a.event_id = e.id
          WHERE e.organization_id = $1
          ORDER BY e.created_at DESC, e.id DESC LIMIT $2`,
}
/** As the API: the event and its address written and read back by one statement. */
const INSERT_EVENT = {
  name: 'b_insert_event',
  text: `WITH event AS (
           INSERT INTO events (id, organization_id, name, status, event_type, metadata, created_at, updated_at)
           VALUES (gen_random_uuid(), $1, $2, 'BACKLOG', 'ONE_OFF', $3, now(), now()) RETURNING *),
         address AS (
           INSERT INTO event_addresses (event_id, city, country, postal_code, created_at, updated_at)
           SELECT id, $4, $5, $6, now(), now() FROM event RETURNING *)
         SELECT event.*, a.street_address, a.street_address_2, a.city, a.state, a.postal_code, a.country
           FROM event LEFT JOIN address a ON true`,
}
const INSERT_CONTACT = {
  name: 'b_insert_contact',
  text: 'INSERT INTO newsletter_contacts (id, email, created_at) VALUES (gen_random_uuid(), $1, now())',
}

function send(res: ServerResponse, status: number, body: unknown) {
  const json = JSON.stringify(body)
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
  res.end(json)
}

function readBody(req: IncomingMessage) {
  return new Promise<Record<string, any>>((resolve) => {
    let raw = ''
    req.on('data', (chunk) => (raw += chunk))
    req.on('end', () => resolve(raw ? JSON.parse(raw) : {}))
  })
}

function clientIp(req: IncomingMessage) {
  const forwarded = req.headers['x-forwarded-for']
  return typeof forwarded === 'string' ? forwarded : (req.socket.remoteAddress ?? '')
}

/** One statement, as the API's limiter. False when over the limit. */
async function consume(key: string, limit: number) {
  const now = Date.now()
  const { rows } = await pool.query({ ...LIMIT, values: [key, now + 60_000, now] })
  return rows[0].points <= limit
}

/**
 * The signed session cookie: payload checked with one HMAC, then one
 * statement reading the session and its user and consuming the user's limit.
 */
async function sessionUser(req: IncomingMessage) {
  const match = /(?:^|;\s*)(?:__Host-)?session=s:([^.;]+)\.([^;]+)/.exec(req.headers.cookie ?? '')
  if (!match) return null
  createHmac('sha256', hmacKey).update(match[1]).digest('base64url')
  const sessionId = JSON.parse(Buffer.from(match[1], 'base64url').toString()).message
  const now = Date.now()
  const { rows } = await pool.query({ ...SESSION_LIMIT, values: [sessionId, now + 60_000, now] })
  if (!rows[0]?.id || new Date(rows[0].expires_at).getTime() < now) return null
  return rows[0] as { id: string; points: number }
}

function eventBody(row: Record<string, any>) {
  return { data: eventOf(row) }
}

function eventOf(row: Record<string, any>) {
  return {
    id: row.id,
    organizationId: row.organization_id,
    name: row.name,
    description: row.description,
    targetDate: row.target_date,
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
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }
}

async function handle(req: IncomingMessage, res: ServerResponse) {
  const url = req.url ?? '/'
  if (url === '/health') {
    if (!(await consume(`api_ip_${clientIp(req)}`, 10))) return send(res, 429, {})
    await pool.query('SELECT 1 + 1 AS result')
    const disk = await statfs('/')
    return send(res, 200, { status: 'ok', isHealthy: true, checks: [{ free: disk.bavail }] })
  }
  if (url === '/newsletter/subscribe') {
    const { email } = await readBody(req)
    if (!(await consume(`newsletter_ip_${clientIp(req)}`, 30))) return send(res, 429, {})
    await pool.query({ ...INSERT_CONTACT, values: [email] })
    await mailer.sendMail({ from: 'bench@example.com', to: email, subject: 'Welcome', text: 'Hi' })
    return send(res, 201, { messages: [{ title: 'Successfully subscribed to the newsletter.' }] })
  }

  // The least a GET of an event can cost: the one query, no session, no limit.
  const one = /^\/one\/organizations\/([^/]+)\/events\/([^/?]+)\?user=(.+)$/.exec(url)
  if (one) {
    const { rows } = await pool.query({ ...FIND, values: [one[1], one[3], one[2]] })
    if (!rows[0].is_member) return send(res, 403, {})
    return rows[0].id ? send(res, 200, eventBody(rows[0])) : send(res, 404, {})
  }

  const route = /^\/organizations\/([^/]+)\/events(?:\/([^/]+))?$/.exec(url)
  if (!route) return send(res, 404, {})
  const user = await sessionUser(req)
  if (!user) return send(res, 401, {})
  if (user.points > 100) return send(res, 429, {})
  const [, organizationId, eventId] = route

  if (req.method === 'POST') {
    const input = await readBody(req)
    const member = await pool.query({ ...MEMBER, values: [organizationId, user.id] })
    if (!member.rowCount) return send(res, 403, {})
    const { address } = input
    const { rows } = await pool.query({
      ...INSERT_EVENT,
      values: [
        organizationId,
        input.name,
        input.metadata ?? {},
        address.city,
        address.country,
        address.postalCode,
      ],
    })
    return send(res, 201, eventBody(rows[0]))
  }

  if (!eventId) {
    // The list: membership, then the first page (20, newest first) with addresses.
    const member = await pool.query({ ...MEMBER, values: [organizationId, user.id] })
    if (!member.rowCount) return send(res, 403, {})
    const { rows } = await pool.query({ ...LIST, values: [organizationId, 21] })
    return send(res, 200, { data: rows.slice(0, 20).map(eventOf), meta: { nextCursor: null } })
  }

  const input = req.method === 'PATCH' ? await readBody(req) : null
  // As the API: a write that lost the race to another one reads again and merges anew.
  for (;;) {
    const { rows } = await pool.query({ ...FIND, values: [organizationId, user.id, eventId] })
    if (!rows[0].is_member) return send(res, 403, {})
    if (!rows[0].id) return send(res, 404, {})
    if (!input) return send(res, 200, eventBody(rows[0]))

    const metadata = { ...rows[0].metadata, ...input.metadata }
    const updated = await pool.query({
      ...UPDATE,
      values: [input.name ?? rows[0].name, metadata, eventId, rows[0].row_version],
    })
    if (updated.rowCount) {
      return send(
        res,
        200,
        eventBody({ ...rows[0], ...updated.rows[0], name: input.name, metadata })
      )
    }
  }
}

createServer((req, res) => {
  handle(req, res).catch((error) => send(res, 500, { error: String(error) }))
}).listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'))

process.on('SIGTERM', () => process.exit(0))
