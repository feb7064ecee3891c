import { average, load, type Measure, type Setup } from './load.js'
import type { BenchOptions } from './options.js'
import { rssMb } from './proc.js'
import type { Row } from './report.js'
import type { Scenario } from './scenarios.js'
import type { Side } from './servers.js'

export interface Sides {
  api: Side
  baseline: Side
  /** Absent with --peer-redis none. */
  peer?: Side
}

export type Timing = Pick<
  BenchOptions,
  'warmup' | 'prime' | 'duration' | 'rounds' | 'connections' | 'rate'
>

/**
 * One scenario: every side warmed up (not measured), then measured rounds
 * alternating API, Fastify peer, baseline (A B C A B C), `beforeRun`
 * before each run (the database vacuumed, the rate-limit counters emptied)
 * and `timing.prime` seconds of the same load, not measured, right before
 * each measured run; the rounds averaged into one row.
 */
export async function measureScenario(
  scenario: Scenario,
  sides: Sides,
  timing: Timing,
  beforeRun: () => Promise<void>,
  /** The PostgreSQL postmaster, when it runs here: its CPU per response is counted too. */
  databasePid?: number
): Promise<Row> {
  type Run = { name: string; side: Side; setup: Setup; measures: Measure[] }
  const apiRun: Run = { name: 'API', side: sides.api, setup: scenario.setup, measures: [] }
  const peerRun: Run | undefined =
    sides.peer && scenario.peerSetup
      ? { name: 'peer', side: sides.peer, setup: scenario.peerSetup, measures: [] }
      : undefined
  const baselineSetup = scenario.baselineSetup ?? scenario.setup
  const baselineRun: Run = {
    name: 'baseline',
    side: sides.baseline,
    setup: baselineSetup,
    measures: [],
  }
  const runs = peerRun ? [apiRun, peerRun, baselineRun] : [apiRun, baselineRun]
  const once = async (run: Run, label: string, seconds: number, measured = false) => {
    await beforeRun()
    const common = {
      ports: run.side.ports,
      setup: run.setup,
      connections: timing.connections,
      rate: timing.rate,
    }
    // While the other sides ran, a pool may have closed its idle connections
    // (pg's after 10 s): reopening them is not what a run measures.
    if (measured && timing.prime > 0) {
      await load({
        ...common,
        label: `${scenario.name}, ${run.name}, priming`,
        seconds: timing.prime,
      })
    }
    return load({
      ...common,
      label: `${scenario.name}, ${run.name}, ${label}`,
      seconds,
      pids: measured ? run.side.pids : [],
      databasePid: measured ? databasePid : undefined,
    })
  }
  const apiRss = () => sides.api.pids.map((pid) => rssMb(pid))

  const rssBeforeMb = apiRss()
  if (timing.warmup > 0) {
    for (const run of runs) await once(run, 'warm-up', timing.warmup)
  }
  const rssAfterEachApiRoundMb: (number | null)[][] = []
  for (let round = 1; round <= timing.rounds; round++) {
    for (const run of runs) {
      run.measures.push(await once(run, `round ${round}/${timing.rounds}`, timing.duration, true))
      if (run === apiRun) rssAfterEachApiRoundMb.push(apiRss())
    }
  }

  const api = average(apiRun.measures)
  const baseline = average(baselineRun.measures)
  const peer = peerRun ? average(peerRun.measures) : null
  // Three decimals: the targets are 0.6, 0.7 and 1.6, and 0.698 is not 0.70.
  const ratio = (over: Measure) => Math.round((api.rps / over.rps) * 1000) / 1000
  return {
    scenario: scenario.name,
    api,
    baseline,
    ratio: ratio(baseline),
    peer,
    peerRatio: peer ? ratio(peer) : null,
    rssBeforeMb,
    rssAfterMb: apiRss(),
    rssAfterEachApiRoundMb,
  }
}
