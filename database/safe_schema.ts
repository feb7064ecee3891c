import { setTimeout as sleep } from 'node:timers/promises'
import { BaseSchema } from '@adonisjs/lucid/schema'
import type { Knex } from 'knex'
import type { RawQueryBindings } from '@adonisjs/lucid/types/querybuilder'
import logger from '@adonisjs/core/services/logger'
import { migrationSafety } from '#config/database'

/** PostgreSQL's code when `lock_timeout` ran out (lock_not_available). */
const LOCK_NOT_AVAILABLE = '55P03'
const SAVEPOINT = 'safe_migration_attempt'

/** `CREATE [UNIQUE] INDEX CONCURRENTLY [IF NOT EXISTS] name`: the index name, when the statement is one. */
const CONCURRENT_INDEX =
  /^\s*CREATE\s+(?:UNIQUE\s+)?INDEX\s+CONCURRENTLY\s+(?:IF\s+NOT\s+EXISTS\s+)?"?(\w+)"?/i

/**
 * The reason the migrations released in v2.0.0 or before carry for the lint
 * rules they break (each names its rules in `static lintExceptions`): they
 * ran on every database that existed then and never run there again; on a
 * new database their tables are empty, so what they lock is held for
 * moments. No new migration may use it: a new one follows the rules.
 */
export const RELEASED_BEFORE_THE_RULES =
  'released in v2.0.0 or before, ahead of the migration rules: it never runs again where it ran, and on a new database its tables are empty'

/** The newest migration of v2.0.0: only it and older ones may give that reason. */
export const LAST_MIGRATION_BEFORE_THE_RULES = 1763800002000

type Statement = { sql: string; bindings: readonly unknown[] }
type Step = Statement | ((db: SafeSchema['db']) => Promise<void>)

function bindings(statement: Statement) {
  return [...statement.bindings] as Knex.RawBinding[]
}

function lockRefused(error: unknown) {
  return (error as { code?: string })?.code === LOCK_NOT_AVAILABLE
}

/**
 * What every migration extends instead of Lucid's BaseSchema (contract,
 * "Deploys while serving"; docs/releasing.md). It changes how the
 * statements run, not what they are:
 *
 * - Every migration runs under `lock_timeout` and `statement_timeout`
 *   (config/database.ts, `migrationSafety`): `SET LOCAL` inside the
 *   migration's transaction, or `SET` on the one connection that runs all
 *   the statements of a migration with `static disableTransactions = true`.
 *   The dry run (`migration:run --dry-run`, and so `npm run
 *   migrations:lint`) shows those settings before the statements.
 * - A lock not had in time (55P03) is retried after a pause, a bounded
 *   number of times, each attempt logged. In a transaction the whole
 *   migration goes back to its start (a savepoint, which also lets go of
 *   every lock it took) and runs again; without one, the statement that
 *   was refused runs again, and an index that `CREATE INDEX CONCURRENTLY`
 *   left invalid when refused is dropped first.
 *
 * Lucid's hook: the migrator calls `execUp`/`execDown`, which run
 * `up`/`down` to collect the statements and then `executeQueries()` (or,
 * dry, return `getQueries()`); both are overridden here.
 *
 * `this.defer()` callbacks run inside the retried transaction, but with
 * `disableTransactions` they run on the pool, outside these settings:
 * backfills belong to a background job in batches anyway, not a migration.
 */
export class SafeSchema extends BaseSchema {
  /**
   * The lint rules this migration breaks, each with why it is safe here
   * (npm run migrations:lint writes them as squawk's ignore comments).
   */
  static lintExceptions?: Record<string, string>

  /** How many times a lock was not had in time (each one logged, then retried). */
  lockWaits = 0

  /** The settings' statements, as run and as the dry run prints them. */
  protected settingsStatements() {
    const scope = (this.constructor as typeof BaseSchema).disableTransactions ? '' : 'LOCAL '
    return [
      `SET ${scope}lock_timeout = '${migrationSafety.lockTimeoutMs}ms'`,
      `SET ${scope}statement_timeout = '${migrationSafety.statementTimeoutMs}ms'`,
    ]
  }

  /** Each tracked call as the statements it compiles to (a knex schema builder may give several). */
  #steps(): Step[] {
    const { trackedCalls } = this as unknown as { trackedCalls: unknown[] }
    return trackedCalls.flatMap((call): Step[] => {
      if (typeof call === 'function') return [call as Step]
      const compiled = (call as unknown as { toSQL(): Statement | Statement[] }).toSQL()
      return (Array.isArray(compiled) ? compiled : [compiled]).map((statement) => ({
        sql: statement.sql,
        bindings: statement.bindings ?? [],
      }))
    })
  }

  #pause(attempt: number) {
    return Math.min(
      migrationSafety.retryPauseMs * 2 ** (attempt - 1),
      migrationSafety.maxRetryPauseMs
    )
  }

  #logRefusal(attempt: number, pauseMs: number, sql?: string) {
    this.lockWaits++
    logger.warn(
      {
        migration: this.file,
        attempt,
        attempts: migrationSafety.attempts,
        lockTimeoutMs: migrationSafety.lockTimeoutMs,
        retryInMs: pauseMs,
        statement: sql?.replace(/\s+/g, ' ').slice(0, 120),
      },
      'migration lock wait: a lock was not had within lock_timeout, retrying after a pause'
    )
  }

  /** In place of BaseSchema's `executeQueries` (see the end of this file). */
  protected async executeSafely() {
    const steps = this.#steps()
    if (this.db.isTransaction) return this.#inTransaction(steps)
    return this.#statementByStatement(steps)
  }

  async #inTransaction(steps: Step[]) {
    for (let attempt = 1; ; attempt++) {
      await this.db.rawQuery(`SAVEPOINT ${SAVEPOINT}`)
      try {
        for (const setting of this.settingsStatements()) await this.db.rawQuery(setting)
        for (const step of steps) {
          if (typeof step === 'function') await step(this.db)
          else
            await this.db.rawQuery(
              step.sql,
              (step.bindings.length ? bindings(step) : undefined) as RawQueryBindings | undefined
            )
        }
        await this.db.rawQuery(`RELEASE SAVEPOINT ${SAVEPOINT}`)
        return
      } catch (error) {
        await this.db.rawQuery(`ROLLBACK TO SAVEPOINT ${SAVEPOINT}`)
        if (!lockRefused(error) || attempt >= migrationSafety.attempts) throw error
        const pauseMs = this.#pause(attempt)
        this.#logRefusal(attempt, pauseMs)
        await sleep(pauseMs)
      }
    }
  }

  async #statementByStatement(steps: Step[]) {
    const knex = this.db.getWriteClient()
    const connection = await knex.client.acquireConnection()
    const run = (sql: string, values?: readonly unknown[]) =>
      (values?.length ? knex.raw(sql, values as Knex.RawBinding[]) : knex.raw(sql)).connection(
        connection
      )
    try {
      for (const setting of this.settingsStatements()) await run(setting)
      for (const step of steps) {
        if (typeof step === 'function') {
          await step(this.db)
          continue
        }
        const leftover = step.sql.match(CONCURRENT_INDEX)?.[1]
        for (let attempt = 1; ; attempt++) {
          try {
            // A refused CREATE INDEX CONCURRENTLY leaves its index behind, invalid.
            if (leftover && attempt > 1) {
              const { rows } = await run(
                `SELECT 1 FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
                  WHERE c.relname = ? AND NOT i.indisvalid`,
                [leftover]
              )
              if (rows.length) await run(`DROP INDEX CONCURRENTLY IF EXISTS "${leftover}"`)
            }
            await run(step.sql, step.bindings)
            break
          } catch (error) {
            if (!lockRefused(error) || attempt >= migrationSafety.attempts) throw error
            const pauseMs = this.#pause(attempt)
            this.#logRefusal(attempt, pauseMs, step.sql)
            await sleep(pauseMs)
          }
        }
      }
    } finally {
      await run('RESET lock_timeout').catch(() => {})
      await run('RESET statement_timeout').catch(() => {})
      await knex.client.releaseConnection(connection)
    }
  }
}

/**
 * BaseSchema declares `getQueries` and `executeQueries` private, which a
 * subclass cannot override in TypeScript; they are replaced on the
 * prototype instead (checked against Lucid 22.4's build/src/schema/main.js:
 * `execUp`/`execDown` call exactly these two).
 */
const base = BaseSchema.prototype as unknown as { getQueries(this: BaseSchema): string[] }
Object.assign(SafeSchema.prototype, {
  getQueries(this: SafeSchema) {
    return [...this.settingsStatements(), ...base.getQueries.call(this)]
  },
  executeQueries(this: SafeSchema) {
    return this.executeSafely()
  },
})
