import { BaseCheck, Result } from '@adonisjs/core/health'
import type { WalArchive } from '#services/platform/wal_archive'

/**
 * `wal_archive` in the full health report: the primary's WAL archiver.
 * A warning, never an error (the API serves fine without it; what is at
 * risk is a restore), when the last attempt failed or when WAL waits
 * longer than 5 x archive_timeout. Left out of the report when archiving
 * is off (start/health.ts drops it); never part of readiness.
 */
export class WalArchiveCheck extends BaseCheck {
  name = 'wal_archive'

  constructor(private archive: WalArchive) {
    super()
  }

  async run() {
    const state = await this.archive.state()
    if (!state) return Result.ok('WAL archiving is off').mergeMetaData({ applies: false })
    const meta = {
      lastSuccessAgeSeconds: Math.round(state.lastSuccessAgeSeconds),
      failures: state.failedCount,
      archived: state.archivedCount,
      pendingBytes: state.pendingBytes,
      lastArchivedWal: state.lastArchivedWal,
      lastFailedWal: state.lastFailedWal,
      lastFailedAt: state.lastFailedAt,
    }
    const staleAfter = 5 * (state.archiveTimeoutSeconds || 60)
    // The last failure came after the last success: the archiver is stuck on a segment.
    const lastSuccessAt = Date.now() - state.lastSuccessAgeSeconds * 1000
    const failing = state.lastFailedAt !== null && Date.parse(state.lastFailedAt) > lastSuccessAt
    if (failing) {
      return Result.warning(
        `Archiving ${state.lastFailedWal} failed and has not succeeded since`
      ).mergeMetaData(meta)
    }
    if (state.lastSuccessAgeSeconds > staleAfter && (state.pendingBytes ?? 1) > 0) {
      return Result.warning(
        `No WAL segment archived for ${Math.round(state.lastSuccessAgeSeconds)} s while WAL waits (past 5 x archive_timeout)`
      ).mergeMetaData(meta)
    }
    return Result.ok(
      `Last WAL segment archived ${Math.round(state.lastSuccessAgeSeconds)} s ago`
    ).mergeMetaData(meta)
  }
}
