import { average, load, type Measure, type Setup } from './load.js'
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

export interface Timing {
  warmup: number
  duration: number
  rounds: number
  connections: number
  rate?: number
}

/**
 * One scenario: every side warmed up (not measured), then measured rounds
 * alternating API, Fastify peer, baseline (A B C A B C), `beforeRun`
 * before each run (the database vacuumed, the rate-limit counters emptied);
 * the rounds averaged into one row.
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
  const once = async (run: Run, label: string, seconds: number, pids = false) => {
    await beforeRun()
    return load({
      ports: run.side.ports,
      setup: run.setup,
      label: `${scenario.name}, ${run.name}, ${label}`,
      seconds,
      connections: timing.connections,
      rate: timing.rate,
      pids: pids ? run.side.pids : [],
      databasePid: pids ? databasePid : undefined,
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
  return {
    scenario: scenario.name,
    api,
    baseline,
    ratio: Math.round((api.rps / baseline.rps) * 100) / 100,
    peer,
    peerRatio: peer ? Math.round((api.rps / peer.rps) * 100) / 100 : null,
    rssBeforeMb,
    rssAfterMb: apiRss(),
    rssAfterEachApiRoundMb,
  }
}
