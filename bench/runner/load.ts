import autocannon from 'autocannon'
import { cpuMs, cpuMsBetween, processTreeCpuMs } from './proc.js'
import { progress } from './progress.js'

/** The n-th request of a run (autocannon's `setupRequest`): spreads requests over users. */
export type Setup = (request: { headers: Record<string, string> }, n: number) => autocannon.Request

export type Measure = {
  /** CPU time the server process(es) used per response: what a core buys, whatever the load. */
  cpuMsPerRequest: number
  /**
   * CPU time the PostgreSQL server (every backend and its own processes)
   * used per response, when it runs on this machine (the embedded one):
   * the database's share of what a request costs the machine. Null otherwise.
   */
  databaseCpuMsPerRequest: number | null
  rps: number
  p50: number
  p99: number
  non2xx: number
  errors: number
  total: number
}

/**
 * Autocannon on every port at once, the connections (and a `rate`, requests
 * a second in all) split between them: for `seconds`, or until `amount`
 * requests in all. `onResponse` sees each.
 */
export function cannon(
  ports: number[],
  setup: Setup,
  {
    connections,
    rate,
    ...limit
  }: { connections: number; rate?: number } & ({ seconds: number } | { amount: number }),
  onResponse: () => void
) {
  let counter = 0
  return Promise.all(
    ports.map(
      (port) =>
        new Promise<autocannon.Result>((finished, failed) => {
          const instance = autocannon(
            {
              url: `http://127.0.0.1:${port}`,
              connections: Math.max(1, Math.round(connections / ports.length)),
              ...(rate ? { overallRate: Math.max(1, Math.round(rate / ports.length)) } : {}),
              ...('seconds' in limit
                ? { duration: limit.seconds }
                : { amount: Math.ceil(limit.amount / ports.length) }),
              requests: [
                { setupRequest: (request: any) => ({ ...request, ...setup(request, counter++) }) },
              ],
            },
            (error, result) => (error ? failed(error) : finished(result))
          )
          instance.on('response', onResponse)
        })
    )
  )
}

export interface Run {
  ports: number[]
  setup: Setup
  /** Shown on the progress line. */
  label: string
  seconds: number
  connections: number
  /** Requests a second in all (--rate); unset: as many as the servers answer. */
  rate?: number
  /** The server processes whose CPU time is counted (none for a warm-up). */
  pids?: (number | undefined)[]
  /** The PostgreSQL server's postmaster, when its processes are on this machine. */
  databasePid?: number
}

/** One timed run against `ports`: req/s, latency, answers that were not 2xx, CPU per response. */
export async function load({
  ports,
  setup,
  label,
  seconds,
  connections,
  rate,
  pids = [],
  databasePid,
}: Run): Promise<Measure> {
  let done = 0
  const cpuBefore = pids.reduce<number>((sum, pid) => sum + cpuMs(pid), 0)
  const databaseBefore = databasePid ? processTreeCpuMs(databasePid) : null
  const started = Date.now()
  const ticker = setInterval(() => {
    const elapsed = (Date.now() - started) / 1000
    progress(
      `${label}: ${elapsed.toFixed(0)}/${seconds} s, ${done} responses, ${Math.round(done / elapsed)} req/s`
    )
  }, 1000)
  const results = await cannon(ports, setup, { seconds, connections, rate }, () => done++)
  clearInterval(ticker)
  const total = results.reduce((sum, r) => sum + r.requests.total, 0)
  const cpu = pids.reduce<number>((sum, pid) => sum + cpuMs(pid), 0) - cpuBefore
  const databaseCpu = databasePid
    ? cpuMsBetween(databaseBefore!, processTreeCpuMs(databasePid))
    : null
  const perResponse = (ms: number) => (total > 0 ? Math.round((ms / total) * 1000) / 1000 : 0)
  return {
    cpuMsPerRequest: perResponse(cpu),
    databaseCpuMsPerRequest: databaseCpu === null ? null : perResponse(databaseCpu),
    rps: results.reduce((sum, r) => sum + r.requests.average, 0),
    p50: Math.max(...results.map((r) => r.latency.p50)),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
    errors: results.reduce((sum, r) => sum + r.errors + r.timeouts, 0),
    total,
  }
}

/** The rounds of one server on one scenario, as one row: means, and the sums of failures. */
export function average(measures: Measure[]): Measure {
  /** The mean of `pick`, to `decimals` places (CPU times to the µs). */
  const mean = (pick: (m: Measure) => number, decimals = 1) => {
    const scale = 10 ** decimals
    return (
      Math.round((measures.reduce((sum, m) => sum + pick(m), 0) / measures.length) * scale) / scale
    )
  }
  return {
    cpuMsPerRequest: mean((m) => m.cpuMsPerRequest, 3),
    databaseCpuMsPerRequest: measures.every((m) => m.databaseCpuMsPerRequest !== null)
      ? mean((m) => m.databaseCpuMsPerRequest!, 3)
      : null,
    rps: mean((m) => m.rps),
    p50: mean((m) => m.p50),
    p99: mean((m) => m.p99),
    non2xx: measures.reduce((sum, m) => sum + m.non2xx, 0),
    errors: measures.reduce((sum, m) => sum + m.errors, 0),
    total: measures.reduce((sum, m) => sum + m.total, 0),
  }
}
