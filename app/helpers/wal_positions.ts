/**
 * A WAL position as PostgreSQL prints a `pg_lsn` (`16/B374D848`: the high
 * and low 32 bits in hex) turned into a number that compares, or null.
 */
export function walPosition(lsn: string | null | undefined): bigint | null {
  if (!lsn) return null
  const slash = lsn.indexOf('/')
  if (slash < 1) return null
  return (BigInt(`0x${lsn.slice(0, slash)}`) << 32n) | BigInt(`0x${lsn.slice(slash + 1)}`)
}

/** WAL pages are 8 kB; each starts with a header: 24 bytes, 40 on a segment's first page. */
const WAL_PAGE = 8192n
const LONGEST_PAGE_HEADER = 40n

/**
 * Whether a standby that replayed up to `replayed` holds everything the
 * primary had written when it gave `position` (`pg_current_wal_insert_lsn()`,
 * where its next record will start). When the last record ended on a page
 * boundary (a WAL switch, a full page), that position lies past the next
 * page's header, which no standby reaches until another record is written:
 * an idle primary would keep its replicas lagging for ever. A standby
 * stopped at that boundary holds everything.
 */
export function walReached(replayed: bigint, position: bigint) {
  if (replayed >= position) return true
  return replayed % WAL_PAGE === 0n && position - replayed <= LONGEST_PAGE_HEADER
}
