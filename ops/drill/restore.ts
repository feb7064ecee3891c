/*
|--------------------------------------------------------------------------
| Restore drill: npm run drill:restore
|--------------------------------------------------------------------------
| PostgreSQL 15 with the recipe's archiving through pgBackRest (ops/backup/,
| ops/backup/archiving_cluster.ts), the production API on it, a load of
| event creations whose acknowledged answers are kept in a ledger, a full
| base backup taken under that load, more writes, then two scenarios:
|
| 1. A mistake: every event of one organization deleted by hand. Restored
|    with ops/backup/restore.sh to the moment before it into a new folder,
|    an API started on the copy: every write acknowledged before that
|    moment is there with its content, none sent after the slip is. Then
|    the organization's rows are copied from the copy back into the live
|    database (what the customer asks for), and checked there.
| 2. The whole cluster lost: the server killed and its data folder deleted.
|    Restored to the newest archived change: every acknowledged write that
|    is missing must have been acknowledged within the last archive_timeout
|    before the loss.
|
| Prints per scenario: acknowledged, present, missing, RTO (restore start
| to the API answering) and RPO; runs `pgbackrest verify`; exits 1 when a
| promise fails. Needs Debian's postgresql-15 and pgbackrest, and Redis.
*/

import { randomUUID } from 'node:crypto'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'
import { freePort } from '#helpers/free_port'
import { ArchivingCluster, canArchive, POSTGRES_BIN } from '#ops/backup/archiving_cluster'
import {
  LOAD_OPTIONS,
  Load,
  Processes,
  answers,
  buildDir,
  elapsed,
  loadFigures,
  log,
  productionBuild,
  productionEnv,
  progress,
  root,
  run,
  seedAccounts,
  until,
  type Account,
} from '#ops/drill/rig'

const { values: options } = parseArgs({
  options: {
    ...LOAD_OPTIONS,
    'rate': { type: 'string', default: '20' },
    // Seconds of writes before the base backup, between it and the slip, after the slip.
    'phase': { type: 'string', default: '15' },
    // Seconds of writes between the first restore and the loss of the cluster.
    // Above archive_timeout (60 s): at least one segment switched by it before the loss.
    'before-loss': { type: 'string', default: '75' },
    'keep': { type: 'boolean', default: false },
  },
})
const { rate, concurrency, userCount, maxSeconds } = loadFigures(options)
const phaseSeconds = Number(options.phase)
const DATABASE = 'events_drill'

/** One acknowledged creation: what the API answered, and when. */
type Write = { id: string; organizationId: string; name: string; sentAt: number; ackAt: number }

const workDir = join(root, 'tmp', `drill-restore-${randomUUID().slice(0, 6)}`)
const processes = new Processes(workDir)
let cluster: ArchivingCluster | undefined

async function rowsOf(url: string, ids: string[]) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query<{ id: string; name: string; category: string }>(
      `SELECT id, name, metadata->>'category' AS category FROM events WHERE id = ANY($1::uuid[])`,
      [ids]
    )
    return new Map(rows.map((row) => [row.id, row]))
  } finally {
    await client.end()
  }
}

/** The ledger's writes found on `url` with their acknowledged content. */
async function present(url: string, writes: Write[]) {
  const found = await rowsOf(
    url,
    writes.map((write) => write.id)
  )
  return writes.filter((write) => {
    const row = found.get(write.id)
    return row !== undefined && row.name === write.name && row.category === 'wedding'
  })
}

/** The API on a restored copy, its RTO from `restoreStartedAt` to /health/ready answering. */
async function apiOn(
  env: NodeJS.ProcessEnv,
  url: string,
  logName: string,
  restoreStartedAt: number
) {
  const port = await freePort()
  processes.api(
    { ...env, DATABASE_URL: url, PUBLIC_URL: `http://127.0.0.1:${port}` },
    port,
    logName
  )
  await until(`the API on the restored copy (${logName})`, () =>
    answers(`http://127.0.0.1:${port}/health/ready`)
  )
  return { port, rto: (Date.now() - restoreStartedAt) / 1000 }
}

/** A few of `writes` read back through the API on `port`: the copy serves them. */
async function readBack(port: number, writes: Write[], accounts: Account[]) {
  let ok = 0
  for (const write of writes.slice(0, 10)) {
    const account = accounts.find((a) => a.organizationId === write.organizationId)!
    const response = await fetch(
      `http://127.0.0.1:${port}/organizations/${write.organizationId}/events/${write.id}`,
      { headers: { cookie: account.cookie }, signal: AbortSignal.timeout(10_000) }
    )
    const body = (await response.json().catch(() => null)) as { data?: { name?: string } } | null
    if (response.status === 200 && body?.data?.name === write.name) ok++
  }
  return ok
}

/** "2× 503, 1× TimeoutError" */
function tally(values: string[]) {
  const counts = new Map<string, number>()
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1)
  return [...counts].map(([value, count]) => `${count}× ${value}`).join(', ') || 'none'
}

async function main() {
  if (!(await canArchive())) {
    log(
      `needs Debian's PostgreSQL 15 (${POSTGRES_BIN}) and pgBackRest: apt-get install -y postgresql-15 pgbackrest`
    )
    return false
  }
  const deadline = setTimeout(() => {
    log(`drill cut after ${maxSeconds} s`)
    void cleanup().finally(() => process.exit(2))
  }, maxSeconds * 1000)
  deadline.unref()
  productionBuild(options['skip-build'])

  log(
    `${elapsed()} PostgreSQL 15 with the recipe's archiving (pgBackRest, archive_timeout from ops/patroni/patroni.yml)`
  )
  cluster = await ArchivingCluster.start(workDir, DATABASE)
  const liveUrl = cluster.url(DATABASE)
  const appKey = randomUUID() + randomUUID()
  const redisUrl = await processes.redis()
  const apiPort = await freePort()
  const env = {
    ...productionEnv(appKey, liveUrl, redisUrl),
    PUBLIC_URL: `http://127.0.0.1:${apiPort}`,
  }
  log(`${elapsed()} migrating (node ace migration:run --force)`)
  run(process.execPath, ['ace', 'migration:run', '--force'], buildDir, env)
  const accounts = await seedAccounts(liveUrl, redisUrl, appKey, userCount)
  processes.api(env, apiPort, 'api-live.log')
  await until('the API', () => answers(`http://127.0.0.1:${apiPort}/health/ready`))

  // The load: event creations, each acknowledged one in the ledger.
  const ledger: Write[] = []
  const failures: { at: number; status: string }[] = []
  let target = apiPort
  const send = async (n: number) => {
    const account = accounts[n % accounts.length]
    const name = `Restore drill ${n}`
    const sentAt = Date.now()
    try {
      const response = await fetch(
        `http://127.0.0.1:${target}/organizations/${account.organizationId}/events`,
        {
          method: 'POST',
          headers: {
            'cookie': account.cookie,
            'content-type': 'application/json',
            'idempotency-key': randomUUID(),
          },
          body: JSON.stringify({ name, metadata: { category: 'wedding' } }),
          signal: AbortSignal.timeout(15_000),
        }
      )
      const body = (await response.json().catch(() => null)) as { data?: { id?: string } } | null
      if (response.status === 201 && body?.data?.id) {
        ledger.push({
          id: body.data.id,
          organizationId: account.organizationId,
          name,
          sentAt,
          ackAt: Date.now(),
        })
      } else failures.push({ at: Date.now(), status: String(response.status) })
    } catch (error) {
      failures.push({ at: Date.now(), status: (error as Error).name })
    }
  }
  let step = 'writes'
  const load = new Load(rate, concurrency, send)
  const stopProgress = progress(
    () => `${step} | ${ledger.length} acknowledged, ${failures.length} failed`
  )

  await sleep(phaseSeconds * 1000)
  step = 'full backup under load'
  const backupStarted = Date.now()
  await cluster.backup('full')
  const backupSeconds = (Date.now() - backupStarted) / 1000
  step = 'writes after the backup'
  await sleep(phaseSeconds * 1000)

  // Scenario 1: the slip. The moment before it, as an operator would read it off a clock.
  const victim = accounts[0].organizationId
  const admin = new pg.Client({ connectionString: liveUrl })
  await admin.connect()
  const {
    rows: [{ before }],
  } = await admin.query<{ before: string }>(
    `SELECT to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') || '+00' AS before`
  )
  const beforeMs = Date.parse(before.replace(' ', 'T').replace('+00', 'Z'))
  await sleep(5) // clock granularity: the slip's commit lies after `before`
  const { rowCount: deleted } = await admin.query('DELETE FROM events WHERE organization_id = $1', [
    victim,
  ])
  const slipDoneAt = Date.now()
  await admin.end()
  step = 'writes after the slip'
  await sleep(phaseSeconds * 1000)
  // The slip's WAL archived (pgbackrest check switches a segment and waits for it).
  await cluster.pgbackrest('check')

  step = 'restoring to the moment before the slip'
  const mistakeInto = join(workDir, 'restored-before-slip')
  const mistakePort = await freePort()
  const restore1Started = Date.now()
  await cluster.restore(`time:${before}`, mistakeInto, mistakePort)
  const restoredUrl = cluster.url(DATABASE, mistakePort)
  const mistakeApi = await apiOn(env, restoredUrl, 'api-restored-before-slip.log', restore1Started)
  const ackedBefore = ledger.filter((write) => write.ackAt < beforeMs)
  const sentAfter = ledger.filter((write) => write.sentAt > slipDoneAt)
  const presentBefore = await present(restoredUrl, ackedBefore)
  const presentAfter = await present(restoredUrl, sentAfter)
  const readThroughApi = await readBack(mistakeApi.port, presentBefore, accounts)

  // What the customer asks for: their organization's rows back in the live database,
  // from the copy (events and their addresses; rows created since the slip stay).
  step = "copying the organization's rows back into the live database"
  const copyStarted = Date.now()
  const restored = new pg.Client({ connectionString: restoredUrl })
  const live = new pg.Client({ connectionString: liveUrl })
  await Promise.all([restored.connect(), live.connect()])
  const events = await restored.query('SELECT * FROM events WHERE organization_id = $1', [victim])
  const addresses = await restored.query(
    'SELECT a.* FROM event_addresses a JOIN events e ON e.id = a.event_id WHERE e.organization_id = $1',
    [victim]
  )
  await live.query('BEGIN')
  const copied = await live.query(
    'INSERT INTO events SELECT * FROM json_populate_recordset(null::events, $1) ON CONFLICT (id) DO NOTHING',
    [JSON.stringify(events.rows)]
  )
  await live.query(
    'INSERT INTO event_addresses SELECT * FROM json_populate_recordset(null::event_addresses, $1) ON CONFLICT DO NOTHING',
    [JSON.stringify(addresses.rows)]
  )
  await live.query('COMMIT')
  const copiedBackAt = Date.now()
  await Promise.all([restored.end(), live.end()])
  const copySeconds = (Date.now() - copyStarted) / 1000
  const victimAcked = ledger.filter(
    (w) => w.organizationId === victim && (w.ackAt < beforeMs || w.sentAt > slipDoneAt)
  )
  const victimBack = await present(liveUrl, victimAcked)

  // Scenario 2: the cluster lost. Writes go on against the live API meanwhile.
  step = 'writes before the loss'
  await sleep(Number(options['before-loss']) * 1000)
  step = 'cluster lost'
  await cluster.stopServer(cluster.dataDir, 'immediate')
  const lostAt = Date.now()
  await rm(cluster.dataDir, { recursive: true, force: true })
  await load.stop()
  stopProgress()
  // A write of the organization from before the slip is in the live database again only
  // since the copy back: that is its acknowledgement as far as the loss is concerned.
  const ackedBeforeLoss = ledger
    .filter((write) => write.ackAt <= lostAt)
    .map((write) =>
      write.organizationId === victim && write.ackAt < beforeMs
        ? { ...write, ackAt: copiedBackAt }
        : write
    )

  log(`${elapsed()} restoring the lost cluster to the newest archived change`)
  const lostInto = join(workDir, 'restored-after-loss')
  const lostPort = await freePort()
  const restore2Started = Date.now()
  await cluster.restore('latest', lostInto, lostPort)
  const lostUrl = cluster.url(DATABASE, lostPort)
  const lostApi = await apiOn(env, lostUrl, 'api-restored-after-loss.log', restore2Started)
  const found = await present(lostUrl, ackedBeforeLoss)
  const foundIds = new Set(found.map((write) => write.id))
  const missing = ackedBeforeLoss.filter((write) => !foundIds.has(write.id))
  const newestFound = Math.max(...found.map((write) => write.ackAt))
  const oldestMissing = Math.min(...missing.map((write) => write.ackAt))
  const window = cluster.archiveTimeoutSeconds
  const outsideWindow = missing.filter((write) => write.ackAt < lostAt - window * 1000)
  const lostReadBack = await readBack(lostApi.port, found.slice(-200), accounts)

  log(`${elapsed()} pgbackrest verify`)
  let verified = true
  const verifyOutput = await cluster.pgbackrest('verify').catch((error: Error) => {
    verified = false
    return error.message
  })

  const rpo1 = 0
  const rpo2 = missing.length ? (lostAt - oldestMissing) / 1000 : (lostAt - newestFound) / 1000
  const promises = {
    slip: presentBefore.length === ackedBefore.length && presentAfter.length === 0,
    copyBack: victimBack.length === victimAcked.length,
    loss: outsideWindow.length === 0,
    verify: verified,
  }

  const versions = await cluster.versions()
  log('')
  log(
    `Restore drill: PostgreSQL ${versions.postgres}, pgBackRest ${versions.pgbackrest}, archive_timeout ${window} s; load ${rate}/s of event creations by ${userCount} users`
  )
  log(
    `  ${ledger.length} creations acknowledged, ${failures.length} not (${failures.filter(({ at }) => at >= lostAt).length} of them cut by the loss; ${tally(failures.map(({ status }) => status))}); full backup under load in ${backupSeconds.toFixed(1)} s`
  )
  log('')
  log(
    '| Scenario | Restored to | Acknowledged | Present | Missing | Present after the target | RTO | RPO |'
  )
  log('|---|---|---:|---:|---:|---:|---:|---:|')
  log(
    `| Mistake: ${deleted} events of one organization deleted | the moment before the DELETE (\`time:${before}\`) | ${ackedBefore.length} before it | ${presentBefore.length} | ${ackedBefore.length - presentBefore.length} | ${presentAfter.length} of ${sentAfter.length} sent after it | ${mistakeApi.rto.toFixed(1)} s | ${rpo1} s (to the chosen moment) |`
  )
  log(
    `| Whole cluster lost (data folder deleted) | the newest archived change (\`latest\`) | ${ackedBeforeLoss.length} before the loss | ${found.length} | ${missing.length} (${outsideWindow.length} older than ${window} s) | — | ${lostApi.rto.toFixed(1)} s | ${rpo2.toFixed(1)} s |`
  )
  log('')
  log(
    `  API on the copies: ${readThroughApi}/10 and ${lostReadBack}/10 events read back with their names`
  )
  log(
    `  copy back: ${copied.rowCount} of the organization's ${events.rowCount} events restored into the live database in ${copySeconds.toFixed(1)} s; ${victimBack.length} of its ${victimAcked.length} acknowledged writes (before the slip, and since) there`
  )
  log(`  pgbackrest verify: ${verified ? 'ok' : 'FAILED'}${verified ? '' : `\n${verifyOutput}`}`)
  for (const [name, kept] of Object.entries(promises))
    log(`  ${kept ? 'kept  ' : 'BROKEN'} ${name}`)
  if (missing.length) {
    log(
      `  lost-cluster missing writes acknowledged ${((lostAt - Math.max(...missing.map((w) => w.ackAt))) / 1000).toFixed(1)}–${((lostAt - oldestMissing) / 1000).toFixed(1)} s before the loss`
    )
  }
  return Object.values(promises).every(Boolean)
}

async function cleanup() {
  await processes.stop()
  await cluster?.stop(options.keep)
  if (!options.keep) await rm(workDir, { recursive: true, force: true })
}

process.once('SIGINT', () => void cleanup().finally(() => process.exit(130)))
main().then(
  async (passed) => {
    await cleanup()
    process.exit(passed ? 0 : 1)
  },
  async (error) => {
    log(`drill failed: ${error instanceof Error ? error.message : error}`)
    await cleanup()
    process.exit(1)
  }
)
