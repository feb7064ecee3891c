/*
|--------------------------------------------------------------------------
| Failover drill: npm run drill:failover
|--------------------------------------------------------------------------
|
| The database's primary dies under load, on loopback: etcd (one node),
| two Patroni nodes on PostgreSQL 15 in synchronous mode and HAProxy in
| front (ops/patroni/), two production instances of the API on HAProxy's
| write port (DATABASE_URL; DATABASE_REPLICA_URL on its read port) with
| sessions and limits in Redis. Signed-in users read events written before
| the kill and write (POST with Idempotency-Key, PATCH); the primary's
| postmaster gets SIGKILL; the load goes on through the failover and
| after. Then: requests by outcome per phase, the failover window as
| clients saw it, and every acknowledged write looked up on the new
| primary. Everything it started is ended and its folder removed, also on
| failure.
|
| Needs Debian's etcd-server, patroni, haproxy and postgresql-15
| (apt-get install etcd-server patroni haproxy postgresql-15), and Redis:
| REDIS_URL, else a `redis-server` it starts. Run as root, PostgreSQL runs
| as the `postgres` user.
|
|   npm run drill:failover -- --skip-build --rate 40 --users 48 --before 10 --after 15
|
*/

import { execFileSync, type ChildProcess } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { chown, copyFile, mkdir, readdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'
import { freePort } from '#helpers/free_port'
import { grantTraversal, systemUser } from '#helpers/folder_access'
import {
  LOAD_OPTIONS,
  Load,
  Processes,
  answers,
  buildDir,
  elapsed,
  has,
  haproxyVersion,
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

const workDir = join(root, 'tmp', 'drill', 'failover')
const logsDir = join(root, 'tmp', 'drill', 'failover-logs')
const { values: options } = parseArgs({
  options: {
    ...LOAD_OPTIONS,
    // Seconds of load before the kill, and after the first write acknowledged after it.
    before: { type: 'string', default: '10' },
    after: { type: 'string', default: '15' },
  },
})
// Half reads and half writes, to the two instances in turn; half the users read, half write.
const { rate, concurrency, userCount, maxSeconds } = loadFigures(options)
const INSTANCES = 2
const NODES = 2
const POSTGRES_BIN = '/usr/lib/postgresql/15/bin'
const appKey = randomBytes(32).toString('base64url')
const processes = new Processes(workDir)
const nodes: ClusterNode[] = []

type ClusterNode = { name: string; pgPort: number; restPort: number; dataDir: string }
type Member = { name: string; role: string; state: string; lag?: number | string }
type Kind = 'read' | 'create' | 'update'
type Outcome = {
  kind: Kind
  sentAt: number
  at: number
  status?: number
  error?: string
  retryAfter?: boolean
}

/** What the drill needs that this machine lacks, said plainly. */
function missingPrograms() {
  const missing = ['etcd', 'patroni', 'haproxy'].filter((binary) => !has(binary))
  if (!existsSync(join(POSTGRES_BIN, 'postgres'))) missing.push(`${POSTGRES_BIN}/postgres`)
  if (!process.env.REDIS_URL && !has('redis-server')) missing.push('redis-server (or REDIS_URL)')
  return missing
}

/** The `postgres` account to run Patroni as when we are root (PostgreSQL refuses root). */
function postgresAccount() {
  if (process.getuid?.() !== 0) return {}
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }))
  return { uid: id('-u'), gid: id('-g') }
}

function versionOf(command: string, args = ['--version']) {
  try {
    return execFileSync(command, args, { encoding: 'utf8' }).match(/(\d+\.\d+(\.\d+)?)/)?.[1]
  } catch {
    return '?'
  }
}

async function members(node: ClusterNode): Promise<Member[]> {
  try {
    const response = await fetch(`http://127.0.0.1:${node.restPort}/cluster`, {
      signal: AbortSignal.timeout(1000),
    })
    return ((await response.json()) as { members: Member[] }).members
  } catch {
    return []
  }
}

/** The cluster as any node that answers sees it. */
async function clusterMembers() {
  for (const node of nodes) {
    const seen = await members(node)
    if (seen.length) return seen
  }
  return []
}

/** Each server's state as HAProxy sees it, by `proxy/server`, from the stats CSV. */
async function haproxyStates(statsPort: number) {
  const states: Record<string, string> = {}
  // Nothing yet while HAProxy starts.
  const csv = await fetch(`http://127.0.0.1:${statsPort}/stats;csv`).then(
    (response) => response.text(),
    () => ''
  )
  for (const line of csv.split('\n')) {
    const [proxy, server, ...fields] = line.split(',')
    if (server?.startsWith('node')) states[`${proxy}/${server}`] = fields[15]
  }
  return states
}

async function clusterHas(predicate: (member: Member) => boolean) {
  const seen = await clusterMembers()
  return seen.some(predicate)
}

async function startEtcd() {
  const [clientPort, peerPort] = [await freePort(), await freePort()]
  const client = `http://127.0.0.1:${clientPort}`
  const peer = `http://127.0.0.1:${peerPort}`
  processes.start(
    'etcd',
    [
      '--name=drill',
      `--data-dir=${join(workDir, 'etcd')}`,
      `--listen-client-urls=${client}`,
      `--advertise-client-urls=${client}`,
      `--listen-peer-urls=${peer}`,
      `--initial-advertise-peer-urls=${peer}`,
      `--initial-cluster=drill=${peer}`,
    ],
    {},
    'etcd.log'
  )
  await until('etcd', () => answers(`${client}/health`))
  return `127.0.0.1:${clientPort}`
}

async function startNode(index: number, etcd: string, passwords: Record<string, string>) {
  const name = `node${index + 1}`
  const folder = join(workDir, name)
  const account = postgresAccount()
  await mkdir(folder, { recursive: true })
  if (account.uid !== undefined) await chown(folder, account.uid, account.gid!)
  const node = {
    name,
    pgPort: await freePort(),
    restPort: await freePort(),
    dataDir: join(folder, 'data'),
  }
  nodes.push(node)
  processes.start(
    'patroni',
    [join(root, 'ops', 'patroni', 'patroni.yml')],
    {
      HOME: folder,
      PATRONI_NAME: name,
      PATRONI_ETCD3_HOSTS: etcd,
      PATRONI_RESTAPI_LISTEN: `127.0.0.1:${node.restPort}`,
      PATRONI_RESTAPI_CONNECT_ADDRESS: `127.0.0.1:${node.restPort}`,
      PATRONI_POSTGRESQL_LISTEN: `127.0.0.1:${node.pgPort}`,
      PATRONI_POSTGRESQL_CONNECT_ADDRESS: `127.0.0.1:${node.pgPort}`,
      PATRONI_POSTGRESQL_DATA_DIR: node.dataDir,
      PATRONI_POSTGRESQL_PGPASS: join(folder, 'pgpass'),
      PATRONI_SUPERUSER_PASSWORD: passwords.superuser,
      PATRONI_REPLICATION_PASSWORD: passwords.replication,
    },
    `${name}.log`,
    account
  )
  return node
}

/** Whether `url` reaches a PostgreSQL that is (or is not) in recovery. */
async function reaches(url: string, inRecovery: boolean) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 })
  client.on('error', () => {})
  try {
    await client.connect()
    const { rows } = await client.query('SELECT pg_is_in_recovery() AS standby')
    return rows[0].standby === inRecovery
  } catch {
    return false
  } finally {
    await client.end().catch(() => {})
  }
}

/** The node's running postmaster, if any (a pid file left by a killed one names no process of it). */
function postmasterPid(node: ClusterNode) {
  try {
    const pid = Number(readFileSync(join(node.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0])
    return isPostmasterOf(pid, node) ? pid : undefined
  } catch {
    return undefined
  }
}

function isPostmasterOf(pid: number, node: ClusterNode) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(node.dataDir)
  } catch {
    return false
  }
}

async function main() {
  const deadline = setTimeout(() => {
    log(`the drill took more than ${maxSeconds} s: stopping`)
    void cleanup().finally(() => process.exit(2))
  }, maxSeconds * 1000)
  const missing = missingPrograms()
  if (missing.length) {
    throw new Error(
      `missing: ${missing.join(', ')} (Debian: apt-get install etcd-server patroni haproxy postgresql-15 redis-server)`
    )
  }
  await rm(workDir, { recursive: true, force: true })
  await mkdir(workDir, { recursive: true })
  if (process.getuid?.() === 0) await grantTraversal(workDir, await systemUser('postgres'))
  productionBuild(options['skip-build'])

  log(`${elapsed()} starting etcd, two Patroni nodes and HAProxy`)
  const etcd = await startEtcd()
  const passwords = {
    superuser: randomBytes(12).toString('hex'),
    replication: randomBytes(12).toString('hex'),
  }
  // The first node bootstraps the cluster; the second copies it.
  await startNode(0, etcd, passwords)
  await until(
    'node1 to lead',
    () => clusterHas((m) => m.role === 'leader' && m.state === 'running'),
    120
  )
  await startNode(1, etcd, passwords)
  await until(
    'node2 to be the synchronous standby',
    () =>
      clusterHas((m) => m.role === 'sync_standby' && ['running', 'streaming'].includes(m.state)),
    120
  )
  const [writePort, readPort, statsPort] = [await freePort(), await freePort(), await freePort()]
  processes.start(
    'haproxy',
    ['-db', '-f', join(root, 'ops', 'patroni', 'haproxy.cfg')],
    {
      HAPROXY_WRITE_BIND: `127.0.0.1:${writePort}`,
      HAPROXY_READ_BIND: `127.0.0.1:${readPort}`,
      HAPROXY_STATS: `127.0.0.1:${statsPort}`,
      ...Object.fromEntries(
        nodes.flatMap((node, index) => [
          [`NODE_${index + 1}`, `127.0.0.1:${node.pgPort}`],
          [`NODE_${index + 1}_REST`, String(node.restPort)],
        ])
      ),
    },
    'haproxy.log'
  )
  const serverUrl = (port: number, database: string) =>
    `postgres://postgres:${passwords.superuser}@127.0.0.1:${port}/${database}`
  // HAProxy takes a server for up until its checks say otherwise: wait for them.
  const bootstrapped = await clusterMembers()
  const primaryName = bootstrapped.find((member) => member.role === 'leader')?.name
  await until('HAProxy to follow Patroni', async () => {
    const states = await haproxyStates(statsPort)
    return nodes.every(
      (node) =>
        states[`postgres_write/${node.name}`] === (node.name === primaryName ? 'UP' : 'DOWN') &&
        states[`postgres_read/${node.name}`] === (node.name === primaryName ? 'DOWN' : 'UP')
    )
  })
  await until('HAProxy write port on the primary', () =>
    reaches(serverUrl(writePort, 'postgres'), false)
  )
  const admin = new pg.Client({ connectionString: serverUrl(writePort, 'postgres') })
  admin.on('error', () => {})
  await admin.connect()
  await admin.query('CREATE DATABASE events_drill')
  await admin.end()
  const url = serverUrl(writePort, 'events_drill')

  const redisUrl = await processes.redis()
  const ports = await Promise.all(Array.from({ length: INSTANCES }, () => freePort()))
  const serverEnv = {
    ...productionEnv(appKey, url, redisUrl),
    // Ignored by a server without replica routing: then every query goes to the primary.
    DATABASE_REPLICA_URL: serverUrl(readPort, 'events_drill'),
    PUBLIC_URL: `http://127.0.0.1:${ports[0]}`,
  }
  log(`${elapsed()} migrating (node ace migration:run --force)`)
  run(process.execPath, ['ace', 'migration:run', '--force'], buildDir, serverEnv)
  log(`${elapsed()} seeding ${userCount} users with an event and a session each`)
  const accounts = await seedAccounts(url, redisUrl, appKey, userCount)
  const readers = accounts.filter((_, index) => index % 2 === 0)
  const writers = accounts.filter((_, index) => index % 2 === 1)

  const instances: ChildProcess[] = ports.map((port, index) =>
    processes.api(serverEnv, port, `api${index + 1}.log`)
  )
  await Promise.all(
    ports.map((port) =>
      until(`api on ${port}`, () => answers(`http://127.0.0.1:${port}/health/ready`))
    )
  )
  const pids = instances.map((instance) => instance.pid)

  // The load: reads of the seeded events (written before the kill) by
  // readers; by writers, a POST of a new event (Idempotency-Key) and a
  // PATCH of their event (one at a time per event, so the last one
  // acknowledged is the one to find).
  const outcomes: Outcome[] = []
  const created = new Map<string, string>()
  const patched = new Map<string, number>()
  const patching = new Set<string>()
  let patchAcks = 0
  const send = async (n: number) => {
    const base = `http://127.0.0.1:${ports[Math.floor(n / 4) % INSTANCES]}`
    let kind: Kind = n % 2 === 0 ? 'read' : n % 4 === 1 ? 'create' : 'update'
    const account: Account =
      kind === 'read' ? readers[(n >> 1) % readers.length] : writers[(n >> 1) % writers.length]
    if (kind === 'update' && patching.has(account.eventId)) kind = 'create'
    const events = `${base}/organizations/${account.organizationId}/events`
    const headers: Record<string, string> = {
      'cookie': account.cookie,
      'content-type': 'application/json',
    }
    const name = `Failover ${n}`
    let request: Promise<Response>
    const signal = AbortSignal.timeout(30_000)
    if (kind === 'read') {
      request = fetch(`${events}/${account.eventId}`, { headers, signal })
    } else if (kind === 'create') {
      headers['idempotency-key'] = randomUUID()
      const body = { name, address: { city: 'Ottawa', country: 'CA', postalCode: 'K1A 0B1' } }
      request = fetch(events, { method: 'POST', headers, body: JSON.stringify(body), signal })
    } else {
      patching.add(account.eventId)
      request = fetch(`${events}/${account.eventId}`, {
        method: 'PATCH',
        headers,
        body: JSON.stringify({ name }),
        signal,
      })
    }
    const sentAt = Date.now()
    try {
      const response = await request
      const body = (await response.json().catch(() => null)) as {
        data?: { id?: string }
      } | null
      outcomes.push({
        kind,
        sentAt,
        at: Date.now(),
        status: response.status,
        retryAfter: response.headers.has('retry-after'),
      })
      if (kind === 'create' && response.status === 201 && body?.data?.id) {
        created.set(body.data.id, name)
      }
      if (kind === 'update' && response.status === 200) {
        patchAcks++
        patched.set(account.eventId, Math.max(n, patched.get(account.eventId) ?? 0))
      }
    } catch (error) {
      const cause = (error as Error & { cause?: { code?: string } }).cause?.code
      outcomes.push({ kind, sentAt, at: Date.now(), error: cause ?? (error as Error).name })
    } finally {
      if (kind === 'update') patching.delete(account.eventId)
    }
  }

  let step = 'before the kill'
  const ok = (outcome: Outcome) => outcome.status !== undefined && outcome.status < 300
  const load = new Load(rate, concurrency, send)
  const stopProgress = progress(
    () => `${step} | ${outcomes.length} answered, ${outcomes.filter((o) => !ok(o)).length} failed`
  )
  await sleep(Number(options.before) * 1000)

  const before = await clusterMembers()
  const leader = before.find((member) => member.role === 'leader')
  const primary = nodes.find((node) => node.name === leader?.name)!
  const survivor = nodes.find((node) => node !== primary)!
  const postmaster = postmasterPid(primary)!
  step = `SIGKILL to ${primary.name}'s postmaster (${postmaster})`
  const killAt = Date.now()
  process.kill(postmaster, 'SIGKILL')
  log(`${elapsed()} ${step}`)

  let promotedAfter: number | undefined
  await until(
    `${survivor.name} to be promoted`,
    async () => {
      const seen = await members(survivor)
      const promoted = seen.some((m) => m.name === survivor.name && m.role === 'leader')
      if (promoted) promotedAfter ??= Date.now() - killAt
      return promoted && (await reaches(url, false))
    },
    60
  )
  step = `${survivor.name} promoted after ${promotedAfter} ms`
  log(`${elapsed()} ${step}`)
  await until(
    'a write acknowledged after the kill',
    async () => outcomes.some((o) => o.kind !== 'read' && ok(o) && o.sentAt > killAt),
    60
  )
  step = 'after the failover'
  await sleep(Number(options.after) * 1000)
  await load.stop()
  stopProgress()
  clearTimeout(deadline)
  const cluster = await clusterMembers()

  // Every acknowledged write, looked up on the primary now (HAProxy's write port).
  const check = new pg.Client({ connectionString: url })
  check.on('error', () => {})
  await check.connect()
  const { rows: server } = await check.query('SELECT inet_server_port() AS port')
  const { rows: events } = await check.query(
    'SELECT id, name FROM events WHERE id = ANY($1::uuid[])',
    [[...created.keys(), ...patched.keys()]]
  )
  await check.end()
  const found = new Map(events.map((row) => [row.id as string, row.name as string]))
  const lostCreates = [...created].filter(([id, name]) => found.get(id) !== name).length
  const lostUpdates = [...patched].filter(([id, n]) => {
    const seen = Number(found.get(id)?.replace('Failover ', '') ?? -1)
    return !(seen >= n)
  }).length
  const acknowledged = created.size + patchAcks
  const lost = lostCreates + lostUpdates

  // The window as clients saw it: from the first failed write to the last.
  const failedWrites = outcomes.filter((o) => o.kind !== 'read' && !ok(o) && o.at >= killAt)
  const windowStart = Math.min(...failedWrites.map((o) => o.at))
  const windowEnd = Math.max(...failedWrites.map((o) => o.at))
  // By when each request was answered.
  const phaseOf = (o: Outcome) =>
    o.at < killAt ? 'before' : failedWrites.length && o.at <= windowEnd ? 'window' : 'after'

  log('')
  log(
    `Failover drill: etcd ${versionOf('etcd')}, Patroni ${versionOf('patroni')}, PostgreSQL ${versionOf(join(POSTGRES_BIN, 'postgres'))} (${NODES} nodes, synchronous_mode), HAProxy ${haproxyVersion()}; ${INSTANCES} API instances (Redis stores) at revision ${revision()}`
  )
  const seconds = (Date.now() - load.startedAt) / 1000
  log(
    `${load.sent} requests in ${seconds.toFixed(0)} s (${(load.sent / seconds).toFixed(1)}/s of ${rate}/s asked, at most ${concurrency} in flight): reads of events written before the kill by ${readers.length} users, POST (Idempotency-Key) and PATCH by ${writers.length}`
  )
  log(
    `${primary.name}'s postmaster killed (SIGKILL); ${survivor.name} promoted by Patroni ${promotedAfter} ms after; checked on port ${server[0].port} (${survivor.name}: ${survivor.pgPort})`
  )
  log('')
  log('phase   requests  reads: outcomes                   writes: outcomes')
  const describe = (list: Outcome[]) => {
    const counts = new Map<string, number>()
    for (const o of list) {
      const key = String(o.status ?? o.error)
      counts.set(key, (counts.get(key) ?? 0) + 1)
    }
    return (
      [...counts]
        .sort()
        .map(([key, count]) => `${count}× ${key}`)
        .join(', ') || '-'
    )
  }
  for (const phase of ['before', 'window', 'after']) {
    const ofPhase = outcomes.filter((o) => phaseOf(o) === phase)
    const reads = ofPhase.filter((o) => o.kind === 'read')
    const writes = ofPhase.filter((o) => o.kind !== 'read')
    log(
      `${phase.padEnd(7)} ${String(ofPhase.length).padStart(8)}  ${describe(reads).padEnd(32)}  ${describe(writes)}`
    )
  }
  log('')
  const windowMs = failedWrites.length ? windowEnd - windowStart : 0
  log(
    failedWrites.length
      ? `failover window as clients saw it: ${(windowMs / 1000).toFixed(1)} s (first failed write answered ${windowStart - killAt} ms after the kill, last ${windowEnd - killAt} ms after)`
      : 'failover window as clients saw it: no write failed'
  )
  const firstAcknowledged = Math.min(
    ...outcomes.filter((o) => o.kind !== 'read' && ok(o) && o.sentAt > killAt).map((o) => o.at)
  )
  log(`first write sent after the kill and acknowledged: ${firstAcknowledged - killAt} ms after it`)
  const unavailable = outcomes.filter((o) => o.status === 503)
  log(
    `answers 503: ${unavailable.length}, ${unavailable.filter((o) => o.retryAfter).length} of them with Retry-After`
  )
  const windowReads = outcomes.filter((o) => o.kind === 'read' && phaseOf(o) === 'window')
  const answers500 = outcomes.filter((o) => o.status === 500).length
  const hung = outcomes.filter((o) => o.error === 'TimeoutError').length
  const recovered = instances.every(
    (instance, index) => instance.pid === pids[index] && instance.exitCode === null
  )
  log('')
  log(`${'target'.padEnd(54)} measured`)
  const row = (target: string, measured: string) => log(`${target.padEnd(54)} ${measured}`)
  row('0 answers 500', `${answers500} (${hung} requests cut after 30 s)`)
  row(
    '0 acknowledged writes lost',
    `${lost} of ${acknowledged} (${created.size} POST found; ${patchAcks} PATCH: the last acknowledged of each of ${patched.size} events or a later one found)`
  )
  const apiLogs = ports.map((_, index) =>
    readFileSync(join(workDir, `api${index + 1}.log`), 'utf8').split('\n')
  )
  // The database outage's lines apart from the replica's own (promoted: no longer used for reads).
  const count = (lines: string[], pattern: RegExp) =>
    lines.filter((line) => /"level":[456]0/.test(line) && pattern.test(line)).length
  const outageLines = apiLogs.map((lines) => count(lines, /"dependency":"postgresql"/))
  const otherLines = apiLogs.map((lines) => count(lines, /^(?!.*"dependency":"postgresql")/))
  const stacks = apiLogs.flat().filter((line) => /\\n\s+at /.test(line)).length
  row(
    'per instance: 2 outage warnings (start, end), no stack',
    `${outageLines.map((n, index) => `api${index + 1}: ${n}`).join(', ')}; ${stacks} lines with a stack; other warnings: ${otherLines.join(', ')} (the replica's)`
  )
  row(
    'recovery without restart',
    recovered ? 'yes: both instances kept their process' : 'no: an instance exited'
  )
  row(
    'reads of data written before the kill served',
    `${windowReads.filter(ok).length} of ${windowReads.length} during the window; ${outcomes.filter((o) => o.kind === 'read' && ok(o)).length} of ${outcomes.filter((o) => o.kind === 'read').length} in all`
  )
  log('')
  log('logs: tmp/drill/failover-logs/ (api1, api2, node1, node2, haproxy, etcd)')
  log(`cluster after: ${cluster.map((m) => `${m.name} ${m.role} ${m.state}`).join(', ')}`)
  return answers500 === 0 && lost === 0 && recovered
}

function revision() {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: root,
      encoding: 'utf8',
    }).trim()
  } catch {
    return 'unknown'
  }
}

/**
 * Ends every process (the postmasters Patroni started too) and removes the
 * drill's folder; the processes' logs are kept in tmp/drill/failover-logs/.
 */
async function cleanup() {
  await processes.stop()
  // Patroni's PostgreSQL outlives Patroni: an immediate shutdown, then SIGKILL if need be.
  const running = nodes.flatMap((node) => {
    const pid = postmasterPid(node)
    return pid ? [{ node, pid }] : []
  })
  const alive = () => running.filter(({ node, pid }) => isPostmasterOf(pid, node))
  for (const { pid } of alive()) process.kill(pid, 'SIGQUIT')
  for (let wait = 0; wait < 50 && alive().length; wait++) await sleep(100)
  for (const { pid } of alive()) process.kill(pid, 'SIGKILL')
  await rm(logsDir, { recursive: true, force: true })
  await mkdir(logsDir, { recursive: true })
  const logs = await readdir(workDir).catch(() => [])
  for (const file of logs.filter((name) => name.endsWith('.log'))) {
    await copyFile(join(workDir, file), join(logsDir, file))
  }
  await rm(workDir, { recursive: true, force: true })
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
