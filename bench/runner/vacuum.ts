import pg from 'pg'

/**
 * The database brought to the same state before every run, as pgbench
 * vacuums before its own: the dead rows of the runs before vacuumed away
 * (a PATCH run leaves a dozen dead versions of every event), then a
 * checkpoint taken, so that neither PostgreSQL's autovacuum nor a timed
 * checkpoint (with the full-page writes after it) lands in one side's run
 * and not in the other's. CHECKPOINT needs a superuser or
 * `pg_checkpoint`: without either, the vacuum alone.
 */
export async function databaseVacuumer(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  let mayCheckpoint = true
  return {
    async vacuum() {
      await client.query('VACUUM')
      if (!mayCheckpoint) return
      try {
        await client.query('CHECKPOINT')
      } catch (error) {
        if ((error as { code?: string }).code !== '42501') throw error
        mayCheckpoint = false
      }
    },
    async close() {
      await client.end()
    },
  }
}
