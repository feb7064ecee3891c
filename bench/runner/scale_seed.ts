import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { apiSessions, SESSION_SECONDS } from './from_api.js'
import { log, progress } from './progress.js'
import { organizationId, seedSteps, type ScaleState } from './scale_sql.js'
import { vacuumAndCheckpoint } from './vacuum.js'

/** Who asks: a signed-in member, their organization and an event of it. */
export type ScaleAccount = { organizationId: string; eventId: string; cookie: string }

export type SeededState = {
  state: ScaleState
  /** Members of the measured organization (owner and admins: the audit log is theirs). */
  members: ScaleAccount[]
  /** Owners of other organizations, each asking for an event of their own. */
  neighbours: ScaleAccount[]
  seedSeconds: number
}

/**
 * Seeds `state` into `url` (an empty, migrated database), signs its
 * members and the neighbours' owners in, and reads back whom each account
 * asks for: the members' events spread over the whole organization.
 */
export async function seedScaleState(
  url: string,
  state: ScaleState,
  appKey: string
): Promise<SeededState> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const started = Date.now()
    // A bench database: a crash loses it anyway, so no flush waits for each batch.
    await client.query('SET synchronous_commit TO off')
    for (const step of seedSteps(state)) {
      progress(`seeding ${state.name}: ${step.label}`)
      await client.query(step.sql)
    }
    progress(`seeding ${state.name}: VACUUM ANALYZE`)
    await vacuumAndCheckpoint(client, { analyze: true })
    const seedSeconds = Math.round((Date.now() - started) / 100) / 10
    log(`seeded ${state.name} in ${seedSeconds} s`)

    const bigId = await one(client, `SELECT ${organizationId(0)} AS id`)
    const step = Math.max(1, Math.floor(state.events / state.sessionUsers))
    const { rows: events } = await client.query(
      `SELECT id FROM (SELECT id, row_number() OVER (ORDER BY created_at, id) AS n
                         FROM events WHERE organization_id = $1) e
        WHERE (n - 1) % $2 = 0 ORDER BY n LIMIT $3`,
      [bigId, step, state.sessionUsers]
    )
    const { rows: members } = await client.query(
      `SELECT user_id FROM organization_members
        WHERE organization_id = $1 AND role IN ('owner', 'admin') LIMIT $2`,
      [bigId, state.sessionUsers]
    )
    const { rows: neighbours } = await client.query(
      `SELECT m.organization_id, m.user_id,
              (SELECT e.id FROM events e WHERE e.organization_id = m.organization_id
                ORDER BY e.created_at, e.id LIMIT 1) AS event_id
         FROM organization_members m
        WHERE m.role = 'owner' AND m.organization_id <> $1
        ORDER BY m.organization_id LIMIT $2`,
      [bigId, state.sessionUsers]
    )
    const cookies = await signIn(client, appKey, [
      ...members.map((row) => row.user_id as string),
      ...neighbours.map((row) => row.user_id as string),
    ])
    return {
      state,
      members: members.map((row, i) => ({
        organizationId: bigId,
        eventId: events[i % events.length].id,
        cookie: cookies.get(row.user_id)!,
      })),
      neighbours: neighbours.map((row) => ({
        organizationId: row.organization_id,
        eventId: row.event_id,
        cookie: cookies.get(row.user_id)!,
      })),
      seedSeconds,
    }
  } finally {
    await client.end()
  }
}

async function one(client: pg.Client, sql: string): Promise<string> {
  const { rows } = await client.query(sql)
  return rows[0].id
}

/** One session per user, as the API's database store keeps them: their cookies by user id. */
async function signIn(client: pg.Client, appKey: string, userIds: string[]) {
  const sessions = await apiSessions(appKey)
  const unique = [...new Set(userIds)]
  const rows = unique.map((userId) => {
    const sessionId = randomUUID()
    return { userId, sessionId, data: sessions.data(sessionId, userId) }
  })
  await client.query(
    `INSERT INTO sessions (id, data, user_id, expires_at)
     SELECT *, now() + make_interval(secs => $4) FROM unnest($1::text[], $2::text[], $3::uuid[])`,
    [rows.map((r) => r.sessionId), rows.map((r) => r.data), unique, SESSION_SECONDS]
  )
  return new Map(rows.map((r) => [r.userId, sessions.cookie(r.sessionId)]))
}
