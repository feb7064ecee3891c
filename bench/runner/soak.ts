import { cannon, type Setup } from './load.js'
import { rssMb, statusMb } from './proc.js'
import { progress } from './progress.js'

export type RssSample = {
  requests: number
  seconds: number
  rssMb: number | null
  /** The anonymous part of RSS (heaps, stacks), without the executable's mapped pages. */
  rssAnonMb?: number | null
  /** V8's heap, used and reserved, as the API's /metrics reports them. */
  heapUsedMb?: number
  heapTotalMb?: number
  /** Memory V8 knows of outside its heap (Buffers, ArrayBuffers). */
  externalMb?: number
}

export type Soak = Awaited<ReturnType<typeof soak>>

/** The API's own view of its heap, from /metrics (prom-client's default metrics). */
async function heapOf(port: number, monitoringSecret: string) {
  const response = await fetch(`http://127.0.0.1:${port}/metrics`, {
    headers: { authorization: `Bearer ${monitoringSecret}` },
  })
  const text = await response.text()
  const read = (name: string) =>
    Math.round(Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1] ?? Number.NaN) / 2 ** 20)
  return {
    heapUsedMb: read('nodejs_heap_size_used_bytes'),
    heapTotalMb: read('nodejs_heap_size_total_bytes'),
    externalMb: read('nodejs_external_memory_bytes'),
  }
}

/**
 * `total` GET event requests to the API alone (no baseline), the RSS of its
 * first process sampled every `total / 20` responses. Memory is flat when
 * the samples after the first stay within ±10% of each other.
 */
export async function soak(
  ports: number[],
  setup: Setup,
  {
    total,
    pid,
    connections,
    monitoringSecret,
  }: {
    total: number
    pid: number | undefined
    connections: number
    monitoringSecret: string
  }
) {
  let done = 0
  const started = Date.now()
  const every = Math.max(1, Math.floor(total / 20))
  const samples: RssSample[] = [
    {
      requests: 0,
      seconds: 0,
      rssMb: rssMb(pid),
      rssAnonMb: statusMb(pid, 'RssAnon'),
      ...(await heapOf(ports[0], monitoringSecret)),
    },
  ]
  const pending: Promise<void>[] = []
  const ticker = setInterval(() => {
    const elapsed = (Date.now() - started) / 1000
    progress(
      `soak: ${done}/${total} responses, ${Math.round(done / elapsed)} req/s, API RSS ${rssMb(pid)} MB`
    )
  }, 1000)
  const results = await cannon(ports, setup, { amount: total, connections }, () => {
    done++
    if (done % every !== 0) return
    const sample: RssSample = {
      requests: done,
      seconds: Math.round((Date.now() - started) / 1000),
      rssMb: rssMb(pid),
      rssAnonMb: statusMb(pid, 'RssAnon'),
    }
    samples.push(sample)
    pending.push(
      heapOf(ports[0], monitoringSecret).then((heap) => void Object.assign(sample, heap))
    )
  })
  clearInterval(ticker)
  await Promise.all(pending)
  const steady = samples.slice(2).map((sample) => sample.rssMb ?? 0)
  return {
    requests: results.reduce((sum, r) => sum + r.requests.total, 0),
    non2xx: results.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0),
    seconds: Math.round((Date.now() - started) / 1000),
    samples,
    /** Past the first tenth (JIT, pools, heap growth): the spread of the samples. */
    steadyMinMb: Math.min(...steady),
    steadyMaxMb: Math.max(...steady),
    steadySpreadPercent:
      Math.round(((Math.max(...steady) - Math.min(...steady)) / Math.min(...steady)) * 1000) / 10,
  }
}
