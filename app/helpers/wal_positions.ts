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
