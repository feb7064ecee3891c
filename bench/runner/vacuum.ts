import pg from 'pg'

/**
 * Dead rows vacuumed away (with `analyze`, the planner's statistics
 * refreshed too), then a checkpoint taken, so that neither autovacuum nor a
 * timed checkpoint (with the full-page writes after it) lands in a measured
 * run. CHECKPOINT needs a superuser or `pg_checkpoint`: without either, the
 * vacuum alone.
 */
export async function vacuumAndCheckpoint(client: pg.Client, { analyze = false } = {}) {
  await client.query(analyze ? 'VACUUM ANALYZE' : 'VACUUM')
  try {
    await client.query('CHECKPOINT')
  } catch (error) {
    if ((error as { code?: string }).code !== '42501') throw error
  }
}

/**
 * The database brought to the same state before every run, as pgbench
 * vacuums before its own: a PATCH run leaves a dozen dead versions of every
 * event, which the side that runs next would otherwise inherit.
 */
export async function databaseVacuumer(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  return {
    vacuum: () => vacuumAndCheckpoint(client),
    async close() {
      await client.end()
    },
  }
}
