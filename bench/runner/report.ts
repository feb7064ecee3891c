import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Measure } from './load.js'
import type { BenchOptions } from './options.js'
import type { Soak } from './soak.js'

/** One scenario: each side's rounds averaged, and the ratios that are compared. */
export type Row = {
  scenario: string
  api: Measure
  baseline: Measure
  /** API req/s over baseline req/s. */
  ratio: number
  peer: Measure | null
  /** API req/s over peer req/s. */
  peerRatio: number | null
  rssBeforeMb: (number | null)[]
  rssAfterMb: (number | null)[]
  rssAfterEachApiRoundMb: (number | null)[][]
}

export type Results = {
  date: string
  node: string
  cpus: number
  options: Pick<
    BenchOptions,
    | 'duration'
    | 'warmup'
    | 'prime'
    | 'connections'
    | 'rate'
    | 'events'
    | 'users'
    | 'instances'
    | 'rounds'
    | 'against'
  >
  database: 'DATABASE_URL' | 'embedded PostgreSQL'
  stores: 'Redis' | 'PostgreSQL'
  soak?: Soak
  rows: Row[]
}

/** Everything, for a later look: `<workDir>/results.json`. */
export async function writeResults(workDir: string, results: Results) {
  await mkdir(workDir, { recursive: true })
  const file = join(workDir, 'results.json')
  await writeFile(file, JSON.stringify(results, null, 2))
  return file
}

/** The table of bench/README.md (Markdown, to stdout), then warnings and the soak's line. */
export function printTable(results: Results) {
  const { options: o } = results
  console.log(
    `\n${o.connections} connections${o.rate ? ` at ${o.rate} req/s in all` : ''}, ${o.duration} s per run after ${o.warmup} s of warm-up (and ${o.prime} s before each run), ` +
      `${o.rounds} rounds alternating (API, Fastify peer, baseline), ` +
      `${o.events} events, ${o.users} users, ${o.instances} API instance(s)\n`
  )
  if (o.against) {
    console.log(
      `The baseline columns are the API built in ${o.against} (--against), not the raw baseline.\n`
    )
  }
  console.log(
    '| scenario | API req/s | p50 ms | p99 ms | non-2xx | CPU ms/req | DB CPU ms/req | Fastify peer req/s | p50 ms | p99 ms | non-2xx | CPU ms/req | DB CPU ms/req | API / peer | baseline req/s | p50 ms | p99 ms | non-2xx | CPU ms/req | DB CPU ms/req | API / baseline | API RSS MB before → after |'
  )
  console.log(
    '|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--|'
  )
  const cells = (m: Measure) =>
    `${m.rps} | ${m.p50} | ${m.p99} | ${m.non2xx + m.errors} | ${m.cpuMsPerRequest} | ${m.databaseCpuMsPerRequest ?? '-'}`
  for (const row of results.rows) {
    const peer = row.peer ? `${cells(row.peer)} | ${row.peerRatio}` : '- | - | - | - | - | - | -'
    console.log(
      `| ${row.scenario} | ${cells(row.api)} | ${peer} | ${cells(row.baseline)} | ${row.ratio} | ${row.rssBeforeMb.join('+')} → ${row.rssAfterMb.join('+')} |`
    )
  }
  // At a fixed rate every side answers as many: the work each did per response is the figure.
  if (o.rate) {
    console.log(
      `\nAt ${o.rate} req/s, the API's CPU per response over the baseline's (lower is better):`
    )
    for (const row of results.rows) {
      const cpuRatio = row.api.cpuMsPerRequest / row.baseline.cpuMsPerRequest
      const { api, baseline } = row
      // With PostgreSQL on this machine: what the request costs the machine, server and database.
      const machine =
        api.databaseCpuMsPerRequest !== null && baseline.databaseCpuMsPerRequest !== null
          ? `; with PostgreSQL's: ${((api.cpuMsPerRequest + api.databaseCpuMsPerRequest) / (baseline.cpuMsPerRequest + baseline.databaseCpuMsPerRequest)).toFixed(2)}`
          : ''
      console.log(`- ${row.scenario}: ${cpuRatio.toFixed(2)}${machine}`)
    }
  }
  // A refusal (429, 409) costs less than the work it refuses: a side that
  // answered some has a req/s that is not the route's.
  const refused = results.rows.filter((row) =>
    [row.api, row.baseline, row.peer].some((m) => m && m.non2xx + m.errors > 0)
  )
  for (const row of refused) {
    console.log(`\nwarning: ${row.scenario} had non-2xx answers: its ratios are not comparable`)
  }
  const { soak } = results
  if (soak) {
    const rss = soak.samples.map((sample) => sample.rssMb).join(' ')
    const anon = soak.samples.map((sample) => sample.rssAnonMb).join(' ')
    const heap = soak.samples
      .map((sample) => `${sample.heapUsedMb}/${sample.heapTotalMb}/${sample.externalMb}`)
      .join(' ')
    console.log(
      `\nsoak: ${soak.requests} GET event in ${soak.seconds} s, ${soak.non2xx} non-2xx; ` +
        `API RSS (MB) every ${soak.samples[1]?.requests ?? '-'} requests: ${rss}; ` +
        `after the first tenth ${soak.steadyMinMb}-${soak.steadyMaxMb} MB ` +
        `(spread ${soak.steadySpreadPercent}%); of which anonymous: ${anon}; ` +
        `V8 heap used/total/external (MB): ${heap}`
    )
  }
}
