import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { MigrationRunner } from '@adonisjs/lucid/migration'
import { jobs } from '#config/jobs'

/**
 * Empties every table but the migrations' own, so each test starts from
 * nothing with real commits (concurrency tests need them).
 */
export async function resetDatabase() {
  const { rows } = await db.rawQuery<{ rows: { tablename: string }[] }>(
    `SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename NOT LIKE 'adonis_schema%'`
  )
  const tables = rows.map(({ tablename }) => `"${tablename}"`).join(', ')
  if (tables) await db.rawQuery(`TRUNCATE ${tables} RESTART IDENTITY CASCADE`)
  // The background jobs and schedules of earlier tests (the queues stay: the running queue knows them).
  const { rows: queue } = await db.rawQuery(`SELECT to_regclass('${jobs.schema}.job') AS jobs`)
  if (queue[0].jobs) {
    await db.rawQuery(`DELETE FROM ${jobs.schema}.job`)
    await db.rawQuery(`DELETE FROM ${jobs.schema}.schedule`)
  }
}

/** Applies pending migrations once for the run (and keeps the schema afterwards). */
export async function migrate() {
  // The regular migrations, then the post-deploy ones (docs/releasing.md).
  for (const connectionName of ['postgres', 'post_deploy']) {
    const migrator = new MigrationRunner(db, app, { direction: 'up', connectionName })
    await migrator.run()
    if (migrator.error) throw migrator.error
  }
}
