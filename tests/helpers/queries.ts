import pg from 'pg'

/**
 * Records every statement sent to PostgreSQL by any client of this process
 * (Lucid, the limiter's raw queries, the session store) while in scope:
 * one `query()` of a pg client is one round trip. pg has no query event of
 * its own, hence the wrapper, undone when the recorder is disposed. The
 * job queue's own connections (application name `pgboss…`) are left out:
 * they poll and keep the queue's figures in the background, whatever the
 * request under test does.
 */
export function recordQueries() {
  const statements: string[] = []
  const original = pg.Client.prototype.query
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [config] = args
    const client = this as pg.Client & { connectionParameters?: { application_name?: string } }
    const background = client.connectionParameters?.application_name?.startsWith('pgboss')
    if (!background) {
      statements.push(typeof config === 'string' ? config : (config as { text: string }).text)
    }
    return (original as (...a: unknown[]) => unknown).apply(this, args)
  } as typeof original
  return {
    statements,
    /** The statements that change something (a read may carry a write in a CTE). */
    writes: () =>
      statements.filter((text) =>
        /\b(INSERT\s+INTO|DELETE\s+FROM|UPDATE\s+\S+\s+SET)\b/i.test(text)
      ),
    [Symbol.dispose]() {
      pg.Client.prototype.query = original
    },
  }
}
