import type { Metric } from 'prom-client'
import { registry } from '#services/platform/metrics_registry'
import app from '@adonisjs/core/services/app'
import { WalArchive, type WalArchiveState } from '#services/platform/wal_archive'

/**
 * The WAL archiver's series, read from the primary at scrape time (at most
 * every 5 s). A series with no sample rather than a 0 when archiving is
 * off: prom-client's unlabelled gauges always show a value, so these are
 * plain collectors. Alerts: EventsApiWalArchiveFailing, EventsApiWalArchiveStale.
 */
const series: [
  name: string,
  type: 'gauge' | 'counter',
  help: string,
  value: (state: WalArchiveState) => number | null,
][] = [
  [
    'db_wal_archive_last_success_age_seconds',
    'gauge',
    "Seconds since the primary last archived a WAL segment (pg_stat_archiver; since the statistics' reset when none was). Absent when archive_mode is off",
    (state) => state.lastSuccessAgeSeconds,
  ],
  [
    'db_wal_archive_failures_total',
    'counter',
    "Failed attempts to archive a WAL segment on the primary since its statistics' reset (pg_stat_archiver). Absent when archive_mode is off",
    (state) => state.failedCount,
  ],
  [
    'db_wal_archive_pending_bytes',
    'gauge',
    'WAL the primary flushed past the end of the last archived segment: 0 when there is nothing new to archive (an idle database), so an old last success is not stale. Absent when archive_mode is off',
    (state) => state.pendingBytes,
  ],
]

for (const [name, type, help, value] of series) {
  const metric = {
    name,
    help,
    type,
    aggregator: 'sum',
    async get() {
      const archive = await app.container.make(WalArchive)
      const state = await archive.state()
      const sample = state ? value(state) : null
      return {
        name,
        help,
        type,
        aggregator: 'sum',
        values: sample === null ? [] : [{ value: sample, labels: {} }],
      }
    },
    reset() {},
  }
  registry.registerMetric(metric as unknown as Metric)
}
