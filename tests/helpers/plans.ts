import { mkdir, writeFile } from 'node:fs/promises'
import pg from 'pg'
import app from '@adonisjs/core/services/app'
import { testDatabaseUrl } from '#tests/helpers/app_process'

/** The two sizes every plan is measured at: the large one must cost what the small one costs. */
export const SIZES = { small: 20_000, large: 200_000 } as const

/**
 * The bound a statement's buffers at the large size must keep: within
 * twice the small size's, plus a little (a deeper index level, a few more
 * pages of a merged scan), and under `ceiling` whatever the size.
 */
export function withinBound(small: number, large: number, ceiling: number) {
  return large <= 2 * small + 50 && large <= ceiling
}

/**
 * A connection of its own for EXPLAIN (ANALYZE, BUFFERS): the shared
 * buffers a statement touched (hit or read, its whole plan), with the
 * plan. Statements that write run in a transaction rolled back.
 */
export async function planReader() {
  const client = new pg.Client(testDatabaseUrl())
  await client.connect()
  const read = async (statement: string) => {
    const { rows } = await client.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${statement}`)
    const plan = rows[0]['QUERY PLAN'][0].Plan
    return {
      buffers: (plan['Shared Hit Blocks'] as number) + (plan['Shared Read Blocks'] as number),
      plan: JSON.stringify(plan),
    }
  }
  /**
   * The statement prepared as the route prepares it, run with `values`
   * under the plan PostgreSQL would choose for them (custom) and under the
   * one it may switch to after a few runs (generic).
   */
  const explain = async (text: string, values: unknown[] = [], mode: Mode = 'custom') => {
    const literals = values.map((value) =>
      client.escapeLiteral(value instanceof Date ? value.toISOString() : String(value))
    )
    await client.query('BEGIN')
    try {
      await client.query(`SET LOCAL plan_cache_mode = force_${mode}_plan`)
      await client.query(`PREPARE measured AS ${text}`)
      return await read(`EXECUTE measured${literals.length ? `(${literals.join(', ')})` : ''}`)
    } finally {
      await client.query('ROLLBACK')
      await client.query('DEALLOCATE ALL')
    }
  }
  return { explain, end: () => client.end() }
}

type Mode = 'custom' | 'generic'

/** Keeps the figures of a plan test under tmp/plans/ (for performance notes), one JSON per test. */
export async function keepFigures(name: string, figures: unknown) {
  const folder = app.makePath('tmp', 'plans')
  await mkdir(folder, { recursive: true })
  await writeFile(`${folder}/${name}.json`, JSON.stringify(figures, null, 2))
}
