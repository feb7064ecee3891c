/**
 * DATABASE_REPLICA_URL: comma-separated PostgreSQL URLs
 * (`postgres://user:password@host:port/database`), one per standby, each
 * checked on its own. A mistake is named by its place in the list, never
 * quoted: the URL may hold a password.
 */
export function parseDatabaseUrls(name: string, value?: string): string[] {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  return entries.map((entry, index) => {
    const url = URL.parse(entry)
    if (!url || !['postgres:', 'postgresql:'].includes(url.protocol) || !url.hostname) {
      throw new Error(
        `Invalid env variable "${name}": entry ${index + 1} is not a PostgreSQL URL (postgres://user:password@host:port/database)`
      )
    }
    return entry
  })
}

/** Where a database listens, as `host:port`: a label that never carries credentials. */
export function databaseAddress(connection: {
  connectionString?: string
  host?: string
  port?: number
}) {
  if (connection.connectionString) {
    const url = new URL(connection.connectionString)
    return `${url.hostname}:${url.port || 5432}`
  }
  return `${connection.host}:${connection.port ?? 5432}`
}
