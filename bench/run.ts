/*
|--------------------------------------------------------------------------
| npm run bench
|--------------------------------------------------------------------------
|
| Builds and starts the API's production server on PostgreSQL (an embedded
| one under tmp/bench unless DATABASE_URL is given), seeds users,
| organizations, events and sessions straight into the database, and loads
| the API, the stock Fastify peer (peer.ts) and the raw baseline
| (baseline.ts) with autocannon, alternating them. Prints one table and
| writes tmp/bench/results.json. With --scale, the API alone on a small and
| a large database instead (runner/scale.ts). Flags, scenarios and columns:
| README.md.
|
*/

import { mkdir } from 'node:fs/promises'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import {
  freePort,
  freshDatabase,
  scratchPostgres,
  type ScratchPostgres,
} from './runner/from_api.js'
import { limitResetter } from './runner/limits.js'
import { databaseVacuumer } from './runner/vacuum.js'
import { freshSecrets, readOptions, workDir } from './runner/options.js'
import { log, progress } from './runner/progress.js'
import { printTable, writeResults, type Results, type Row } from './runner/report.js'
import { measureScenario } from './runner/rounds.js'
import { chosen, scenarios } from './runner/scenarios.js'
import { runScale } from './runner/scale.js'
import { seed } from './runner/seed.js'
import {
  apiEnvironment,
  buildApi,
  checkPeerRedis,
  migrateApi,
  Servers,
  smtpSink,
} from './runner/servers.js'
import { soak } from './runner/soak.js'

const options = readOptions()
const secrets = freshSecrets()
const servers = new Servers()
let postgres: ScratchPostgres | undefined

async function main() {
  if (options.peerRedisUrl && !options.scale) await checkPeerRedis(options.peerRedisUrl)
  await mkdir(workDir, { recursive: true })
  buildApi(options.skipBuild)
  log('starting PostgreSQL')
  postgres = await scratchPostgres(workDir)
  if (options.scale) {
    await runScale(options, secrets, servers, postgres.url)
    await postgres.stop()
    return
  }
  const url = await freshDatabase(postgres.url, 'events_bench')
  const apiEnv = apiEnvironment({
    databaseUrl: url,
    secrets,
    smtpPort: await freePort(),
    redisUrl: options.redisUrl,
  })
  const smtp = await smtpSink(Number(apiEnv.SMTP_PORT))
  migrateApi(apiEnv)
  log(`seeding ${options.users} users, organizations and sessions, ${options.events} events`)
  const accounts = await seed(url, { ...options, ...secrets })
  const limits = await limitResetter(url, options)
  const database = await databaseVacuumer(url)

  const sides = {
    api: await servers.startApis(options.instances, apiEnv, {
      profile: options.profile,
      nodeFlags: options.apiNodeFlags,
    }),
    // --against: another build of the API in the baseline's place.
    baseline: options.against
      ? await servers.startApis(options.instances, apiEnv, {}, 'against', options.against)
      : await servers.startBaseline(apiEnv, { profile: options.profile }),
    peer: options.peerRedisUrl
      ? await servers.startPeer(
          {
            DATABASE_URL: url,
            PEER_REDIS_URL: options.peerRedisUrl,
            PEER_SECRET: secrets.peerSecret,
          },
          accounts[0]
        )
      : undefined,
  }
  const all = scenarios(accounts, {
    redisStores: Boolean(options.redisUrl),
    monitoringSecret: secrets.monitoringSecret,
  })
  const beforeRun = async () => {
    await database.vacuum()
    await limits.reset()
  }
  const rows: Row[] = []
  for (const scenario of chosen(all, options.only)) {
    rows.push(await measureScenario(scenario, sides, options, beforeRun, postgres.pid))
  }
  const soaked =
    options.soak > 0
      ? await soak(sides.api.ports, all[0].setup, {
          total: options.soak,
          pid: sides.api.pids[0],
          connections: options.connections,
          monitoringSecret: secrets.monitoringSecret,
        })
      : undefined
  progress('')

  const { duration, warmup, prime, connections, rate, events, users, instances, rounds, against } =
    options
  const results: Results = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: availableParallelism(),
    options: {
      duration,
      warmup,
      prime,
      connections,
      rate,
      events,
      users,
      instances,
      rounds,
      against,
    },
    database: process.env.DATABASE_URL ? 'DATABASE_URL' : 'embedded PostgreSQL',
    stores: options.redisUrl ? 'Redis' : 'PostgreSQL',
    soak: soaked,
    rows,
  }
  const file = await writeResults(workDir, results)
  printTable(results)

  await limits.close()
  await database.close()
  await servers.stopAll()
  await new Promise<void>((done) => smtp.close(() => done()))
  await postgres.stop()
  if (options.profile) {
    log(`CPU profiles: the API's in ${join(workDir, 'profile')}, the baseline's in its baseline/`)
  }
  log(`results: ${file}, the API's log: ${join(workDir, 'api-*.log')}`)
}

process.once('SIGINT', async () => {
  await servers.stopAll()
  await postgres?.stop()
  process.exit(130)
})

try {
  await main()
} catch (error) {
  console.error(error)
  await servers.stopAll()
  await postgres?.stop()
  process.exitCode = 1
}
