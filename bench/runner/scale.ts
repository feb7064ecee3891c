/*
| npm run bench -- --scale: the API's routes on a small and a large database
| side by side (README.md, "Data that grows"). Both states are seeded by SQL
| into databases of their own, each served by its own production API, and
| every route is measured on both in alternating rounds; then every filter
| combination of the list is probed on the large state, the worst measured,
| and another organization's GET event is timed while the big organization
| runs that worst list.
*/

import { writeFile } from 'node:fs/promises'
import { availableParallelism, loadavg } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { freePort, freshDatabase } from './from_api.js'
import { limitResetter } from './limits.js'
import { average, load, type Measure, type Setup } from './load.js'
import { workDir, type BenchOptions, type Secrets } from './options.js'
import { log, progress } from './progress.js'
import {
  filterCombinations,
  getBy,
  listWith,
  scaleRoutes,
  walkTo,
  type ScaleRoute,
} from './scale_requests.js'
import { scaleReport, type Probe, type ScaleResults, type ScaleRow } from './scale_report.js'
import { seedScaleState, type SeededState } from './scale_seed.js'
import { describeState, scaleStates } from './scale_sql.js'
import { apiEnvironment, migrateApi, smtpSink, type Servers, type Side } from './servers.js'

/** A state with its API running: what a measured run needs. */
type Served = SeededState & {
  side: Side
  limits: Awaited<ReturnType<typeof limitResetter>>
  /** Watches the state's database for statements still running. */
  watcher: pg.Client
  /** How deep the walked cursors reached, and the routes that use them. */
  deepPages: string
  routes: ScaleRoute[]
}

export async function runScale(
  options: BenchOptions,
  secrets: Secrets,
  servers: Servers,
  postgresUrl: string
) {
  if (options.redisUrl) throw new Error('--scale seeds sessions into PostgreSQL: leave out --redis')
  const startLoad = loadavg()
  const smtpPort = await freePort()
  const smtp = await smtpSink(smtpPort)
  const served: Served[] = []
  try {
    for (const state of scaleStates(options.scaleEvents, options.users)) {
      log(describeState(state))
      const databaseUrl = await freshDatabase(postgresUrl, `events_bench_scale_${state.name}`)
      const env = apiEnvironment({ databaseUrl, secrets, smtpPort })
      migrateApi(env)
      const seeded = await seedScaleState(databaseUrl, state, secrets.appKey)
      const side = await servers.startApis(1, env, {}, `api-scale-${state.name}`)
      const watcher = new pg.Client({ connectionString: databaseUrl })
      await watcher.connect()
      served.push({
        ...seeded,
        side,
        limits: await limitResetter(databaseUrl, {}),
        watcher,
        deepPages: '',
        routes: [],
      })
    }
    const results = await measure(served, options)
    results.loadAverage = startLoad
    const file = join(workDir, 'scale-results.json')
    await writeFile(file, JSON.stringify(results, null, 2))
    progress('')
    console.log(`\n${scaleReport(results).join('\n')}`)
    log(`results: ${file}, the APIs' logs: ${join(workDir, 'api-scale-*.log')}`)
  } finally {
    for (const state of served) {
      await state.limits.close()
      await state.watcher.end()
      await servers.stop(state.side)
    }
    await new Promise<void>((done) => smtp.close(() => done()))
  }
}

/** Until no statement runs in the state's database (at most 60 s): a run starts on a quiet server. */
async function settle(state: Served) {
  for (let waited = 0; waited < 600; waited++) {
    const { rows } = await state.watcher.query(
      `SELECT count(*)::int AS busy FROM pg_stat_activity
        WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid()`
    )
    if (rows[0].busy === 0) return
    await new Promise((done) => setTimeout(done, 100))
  }
}

async function measure(served: Served[], options: BenchOptions): Promise<ScaleResults> {
  const [small, large] = served
  const { connections, duration, warmup, rounds, probe } = options
  /** One run of `setup` against a state, its rate limits emptied and its database quiet first. */
  const once = async (state: Served, setup: Setup, label: string, seconds: number, pids = true) => {
    await state.limits.reset()
    await settle(state)
    return load({
      ports: state.side.ports,
      setup,
      label: `${label} (${state.state.name})`,
      seconds,
      connections,
      pids: pids ? state.side.pids : [],
    })
  }
  /** Warm-up on both, then rounds alternating small and large. */
  const pair = async (route: string, setups: [Setup, Setup]): Promise<ScaleRow> => {
    const measures: Measure[][] = [[], []]
    if (warmup > 0) {
      for (const [i, state] of served.entries())
        await once(state, setups[i], `${route}, warm-up`, warmup, false)
    }
    for (let round = 1; round <= rounds; round++) {
      for (const [i, state] of served.entries()) {
        measures[i].push(
          await once(state, setups[i], `${route}, round ${round}/${rounds}`, duration)
        )
      }
    }
    return { route, small: average(measures[0]), large: average(measures[1]) }
  }

  for (const state of served) {
    const port = state.side.ports[0]
    const events = await walkTo(port, state.members, 'events', 50)
    const audit = await walkTo(port, state.members, 'audit-log', 50)
    state.deepPages = `events page ${events.page}, audit-log page ${audit.page}`
    state.routes = scaleRoutes(state.members, {
      eventsPage50: events.cursor,
      auditPage50: audit.cursor,
    })
  }
  const rows: ScaleRow[] = []
  const reads = small.routes.filter((route) => route.name.startsWith('GET'))
  for (const route of reads) {
    rows.push(await pair(route.name, [route.setup, routeNamed(large.routes, route.name).setup]))
  }

  const probeOnce = async (query: string): Promise<Probe> => {
    const m = await once(large, listWith(large.members, query), `probe ?${query}`, probe, false)
    return { query, rps: m.rps, p99: m.p99, failed: m.non2xx + m.errors }
  }
  // Slowest first; a probe that answered anything but 2xx is worse than any that did not.
  const slowestFirst = (a: Probe, b: Probe) =>
    Number(b.failed > 0) - Number(a.failed > 0) || a.rps - b.rps
  const probes: Probe[] = []
  for (const query of filterCombinations()) probes.push(await probeOnce(query))
  probes.sort(slowestFirst)
  // A short probe on a busy machine can be unlucky: the five slowest are probed again.
  const again: Probe[] = []
  for (const { query } of probes.slice(0, 5)) again.push(await probeOnce(query))
  again.sort(slowestFirst)
  const worstQuery = again[0].query
  const worstRow = await pair(`GET events ?${worstQuery} (worst)`, [
    listWith(small.members, worstQuery),
    listWith(large.members, worstQuery),
  ])
  // Its target is the first page's throughput (below), not its own small state's: on a
  // small state a narrow filter walks the whole organization in one page.
  rows.push({ ...worstRow, judged: 'against the first page' })
  const firstPage = rows.find((row) => row.route === 'GET events, first page')!.large

  const neighbour = await noisyNeighbour(large, worstQuery, options, once)

  for (const route of small.routes.filter((r) => !r.name.startsWith('GET'))) {
    rows.push(await pair(route.name, [route.setup, routeNamed(large.routes, route.name).setup]))
  }

  return {
    date: new Date().toISOString(),
    node: process.version,
    cpus: availableParallelism(),
    loadAverage: [],
    options: { connections, duration, warmup, rounds, probe },
    states: served.map((s) => ({
      name: s.state.name,
      description: describeState(s.state),
      seedSeconds: s.seedSeconds,
      deepPages: s.deepPages,
    })),
    rows,
    probes,
    probedAgain: again,
    worst: { query: worstQuery, large: worstRow.large, firstPage },
    neighbour,
  }
}

function routeNamed(routes: ScaleRoute[], name: string) {
  return routes.find((route) => route.name === name)!
}

/**
 * Other organizations' GET event (half the connections), idle, then while
 * the big organization runs `worstQuery` on the other half (started a
 * second earlier, ended a second later): alternating, `rounds` times.
 */
async function noisyNeighbour(
  large: Served,
  worstQuery: string,
  { duration, warmup, rounds, connections }: BenchOptions,
  once: (
    state: Served,
    setup: Setup,
    label: string,
    seconds: number,
    pids?: boolean
  ) => Promise<Measure>
) {
  const half = Math.max(1, Math.round(connections / 2))
  const neighbourGet = getBy(
    large.neighbours,
    (a) => `/organizations/${a.organizationId}/events/${a.eventId}`
  )
  const worstList = listWith(large.members, worstQuery)
  const run = (setup: Setup, label: string, seconds: number) =>
    load({ ports: large.side.ports, setup, label, seconds, connections: half })
  if (warmup > 0) await once(large, neighbourGet, 'neighbour GET event, warm-up', warmup, false)
  const idle: Measure[] = []
  const loaded: Measure[] = []
  const lists: Measure[] = []
  for (let round = 1; round <= rounds; round++) {
    await large.limits.reset()
    await settle(large)
    idle.push(
      await run(neighbourGet, `neighbour GET event idle, round ${round}/${rounds}`, duration)
    )
    await large.limits.reset()
    await settle(large)
    const list = run(worstList, `worst list beside, round ${round}/${rounds}`, duration + 2)
    await new Promise((done) => setTimeout(done, 1000))
    loaded.push(
      await run(neighbourGet, `neighbour GET event loaded, round ${round}/${rounds}`, duration)
    )
    lists.push(await list)
  }
  return {
    connections: half,
    idle: average(idle),
    loaded: average(loaded),
    worstList: average(lists),
  }
}
