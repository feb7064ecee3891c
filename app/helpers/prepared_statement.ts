import db from '@adonisjs/lucid/services/db'
import type { QueryResult, QueryResultRow } from 'pg'

/**
 * Runs one statement of the hot path as a named prepared statement on a
 * connection of Lucid's own pool: PostgreSQL parses and plans it once per
 * connection instead of on every request, and knex's query builder is
 * skipped. `text` uses $1, $2… placeholders. Deploy a migration that changes
 * the columns of these statements' tables with a restart of the instances
 * (PostgreSQL refuses a prepared plan whose result columns changed).
 * `connectionName`: a Lucid connection (a read replica); the primary by default.
 */
export async function runPrepared<Row extends QueryResultRow>(
  name: string,
  text: string,
  values: unknown[],
  connectionName?: string
): Promise<QueryResult<Row>> {
  return onPoolConnection<Row>({ name, text, values }, connectionName)
}

/**
 * Runs one statement ($1, $2… placeholders) unnamed, on the same pool:
 * PostgreSQL plans it for its values every time, for statements whose best
 * plan depends on them.
 */
export async function runStatement<Row extends QueryResultRow>(
  text: string,
  values: unknown[],
  connectionName?: string
): Promise<QueryResult<Row>> {
  return onPoolConnection<Row>({ text, values }, connectionName)
}

/** One query on a connection of a Lucid pool (the primary's unless named), given back at once. */
async function onPoolConnection<Row extends QueryResultRow>(
  query: { name?: string; text: string; values: unknown[] },
  connectionName?: string
): Promise<QueryResult<Row>> {
  const { client } = db.connection(connectionName).getWriteClient()
  const connection = await client.acquireConnection()
  try {
    return await connection.query(query)
  } catch (error) {
    if (!query.name || !planOutdated(error)) throw error
    await connection.query(`DEALLOCATE ${connection.escapeIdentifier(query.name)}`)
    delete connection.connection.parsedStatements[query.name]
    return await connection.query(query)
  } finally {
    client.releaseConnection(connection)
  }
}

/** PostgreSQL refused a prepared plan because its tables' columns changed since it was prepared. */
function planOutdated(error: unknown) {
  const { code, message } = (error ?? {}) as { code?: string; message?: string }
  return code === '0A000' && /cached plan must not change result type/.test(message ?? '')
}
