import type { ApiClient } from '@japa/api-client'
import type { AppProcess } from '#tests/helpers/app_process'

export const MONITORING_SECRET = 'test-monitoring-secret'

export type Sample = { name: string; labels: Record<string, string>; value: number }

/** The samples of a Prometheus text exposition (comments skipped). */
export function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = []
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line)
    if (!match) continue
    const labels: Record<string, string> = {}
    for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
      labels[key] = value
    }
    samples.push({ name: match[1], labels, value: Number(match[3]) })
  }
  return samples
}

/** What GET /metrics answers to the monitor, parsed, with its raw text. */
export async function scrape(client: ApiClient) {
  const response = await client.get('/metrics').bearerToken(MONITORING_SECRET)
  response.assertStatus(200)
  return scraped(response.text())
}

/** The same from a server process started with the production settings (its own secret). */
export async function scrapeProcess(api: AppProcess) {
  const response = await api.fetch('/metrics', {
    headers: { authorization: 'Bearer production-monitoring-secret' },
  })
  if (response.status !== 200) throw new Error(`GET /metrics answered ${response.status}`)
  return scraped(await response.text())
}

function scraped(text: string) {
  const samples = parseMetrics(text)
  return {
    text,
    samples,
    /** The samples named `name` whose labels include `labels`. */
    find(name: string, labels: Record<string, string> = {}) {
      return samples.filter(
        (sample) =>
          sample.name === name &&
          Object.entries(labels).every(([key, value]) => sample.labels[key] === value)
      )
    },
    /** The one sample named `name` with `labels`, 0 when there is none yet. */
    value(name: string, labels: Record<string, string> = {}) {
      const found = this.find(name, labels)
      if (found.length > 1) throw new Error(`${found.length} samples of ${name} match`)
      return found[0]?.value ?? 0
    },
  }
}

/** The current value of one sample (0 when it does not exist yet). */
export async function metricValue(
  client: ApiClient,
  name: string,
  labels: Record<string, string> = {}
) {
  const metrics = await scrape(client)
  return metrics.value(name, labels)
}
