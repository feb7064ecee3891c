import type { Measure } from './load.js'

/** What --scale promises (contract, "Data that grows"). */
export const SCALE_TARGETS = {
  /** Every route's large-state throughput over its small-state one, at least. */
  route: 0.8,
  /** The worst filter combination's throughput over the first page's (large state), at least. */
  worstCombination: 0.5,
  /** Another organization's GET event p99 under the big one's worst list over idle, at most. */
  neighbour: 2,
} as const

export type ScaleRow = {
  route: string
  small: Measure
  large: Measure
  /** Set when the row's target is not its small state's throughput (the worst filter). */
  judged?: string
}

export type Probe = { query: string; rps: number; p99: number; failed: number }

export type ScaleResults = {
  date: string
  node: string
  cpus: number
  /** 1, 5 and 15 minute load averages when the run started: a busy machine says so. */
  loadAverage: number[]
  options: { connections: number; duration: number; warmup: number; rounds: number; probe: number }
  states: { name: string; description: string; seedSeconds: number; deepPages: string }[]
  rows: ScaleRow[]
  /** Every filter combination, probed briefly on the large state, slowest first. */
  probes: Probe[]
  /** The five slowest, probed again, slowest first: the first is the worst. */
  probedAgain: Probe[]
  worst: { query: string; large: Measure; firstPage: Measure }
  neighbour: { connections: number; idle: Measure; loaded: Measure; worstList: Measure }
}

const round2 = (value: number) => Math.round(value * 100) / 100
const ratio = (a: number, b: number) => (b > 0 ? round2(a / b) : 0)
/** Answers that were not 2xx, errors and timeouts. */
const failed = (m: Measure) => m.non2xx + m.errors
const verdict = (met: boolean, ...measures: Measure[]) =>
  measures.some((m) => failed(m) > 0) ? '✘ (non-2xx)' : met ? '✔' : '✘'

/** The report of a --scale run, as Markdown lines: the table, the worst combination, the neighbour. */
export function scaleReport(results: ScaleResults): string[] {
  const o = results.options
  const lines = [
    `${results.date}, load average ${results.loadAverage.map((l) => l.toFixed(2)).join(' ')} ` +
      `on ${results.cpus} CPUs at the start, Node ${results.node}; ${o.connections} connections, ` +
      `${o.duration} s per run after ${o.warmup} s of warm-up, ${o.rounds} round(s) alternating small and large`,
    ...results.states.map(
      (s) => `- ${s.description} (seeded in ${s.seedSeconds} s; deep pages: ${s.deepPages})`
    ),
    '',
    '| route | small req/s | p99 ms | large req/s | p99 ms | large / small | target | met |',
    '|---|--:|--:|--:|--:|--:|--|--|',
  ]
  for (const row of results.rows) {
    const r = ratio(row.large.rps, row.small.rps)
    const judgement = row.judged
      ? `${row.judged} | below |`
      : `≥ ${SCALE_TARGETS.route} | ${verdict(r >= SCALE_TARGETS.route, row.small, row.large)} |`
    lines.push(
      `| ${row.route} | ${row.small.rps} | ${row.small.p99} | ${row.large.rps} | ${row.large.p99} | ` +
        `${r} | ${judgement}`
    )
  }
  const { worst, neighbour } = results
  const worstRatio = ratio(worst.large.rps, worst.firstPage.rps)
  const slowest = results.probedAgain.map(
    (p) => `\`?${p.query}\` ${p.rps} req/s${p.failed > 0 ? ` (${p.failed} non-2xx)` : ''}`
  )
  const neighbourRatio = ratio(neighbour.loaded.p99, neighbour.idle.p99)
  lines.push(
    '',
    `worst filter combination of ${results.probes.length} (each probed ${o.probe} s on the large state): ` +
      `\`?${worst.query}\`: ${worst.large.rps} req/s, p99 ${worst.large.p99} ms; ` +
      `first page ${worst.firstPage.rps} req/s: ${worstRatio} of the first page ` +
      `(target ≥ ${SCALE_TARGETS.worstCombination}) ${verdict(worstRatio >= SCALE_TARGETS.worstCombination, worst.large, worst.firstPage)}`,
    `the five slowest, probed again: ${slowest.join(', ')}`,
    `noisy neighbour: another organization's GET event (${neighbour.connections} connections) ` +
      `p99 idle ${neighbour.idle.p99} ms (${neighbour.idle.rps} req/s), ` +
      `while the big organization runs its worst list on ${neighbour.connections} more ` +
      `${neighbour.loaded.p99} ms (${neighbour.loaded.rps} req/s; the list ${neighbour.worstList.rps} req/s): ` +
      `${neighbourRatio}× idle (target ≤ ${SCALE_TARGETS.neighbour}×) ` +
      verdict(neighbourRatio <= SCALE_TARGETS.neighbour, neighbour.idle, neighbour.loaded)
  )
  const failures = [
    ...results.rows.flatMap((row) => [
      [row.route, 'small', row.small] as const,
      [row.route, 'large', row.large] as const,
    ]),
    ['the worst list beside the neighbour', 'large', neighbour.worstList] as const,
  ].filter(([, , m]) => failed(m) > 0)
  for (const [what, size, m] of failures) {
    lines.push(
      `warning: ${what} (${size}): ${m.non2xx} non-2xx, ${m.errors} errors or timeouts of ${m.total}`
    )
  }
  return lines
}
