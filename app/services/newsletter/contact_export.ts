import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'

export const EXPORT_STATUSES = ['subscribed', 'unsubscribed', 'unconfirmed', 'all'] as const
export const EXPORT_FORMATS = ['csv', 'json'] as const
export type ExportStatus = (typeof EXPORT_STATUSES)[number]
export type ExportFormat = (typeof EXPORT_FORMATS)[number]

/** Rows per query: memory stays flat whatever the table holds. */
const BATCH_SIZE = 1000

/**
 * Rows per string written: a few kilobytes, which die young. A whole
 * batch's text (some 200 kB) would be a large object that only a full GC
 * frees: the heap, and the RSS with it, grew with the export's size.
 */
const CHUNK_ROWS = 50

const COLUMNS = [
  'id',
  'email',
  'status',
  'created_at',
  'consented_at',
  'consent_ip',
  'consent_user_agent',
  'consent_origin',
  'consent_referer',
  'unsubscribed_at',
  'unsubscribed_via',
  // How consent was given (api, double_opt_in) and when and from where it was confirmed.
  'consent_method',
  'confirmed_at',
  'confirm_ip',
  'confirm_user_agent',
] as const

type Row = Record<(typeof COLUMNS)[number], string | Date | null>

/** The newsletter's contacts, written out for `node ace newsletter:export`. */
@inject()
export default class ContactExport {
  /**
   * Every contact with its consent record, in batches walked by primary key
   * (keyset pagination: `id > last id`, ids being UUID v7). Each batch is one
   * short query on a pooled connection: no transaction or cursor is held
   * while the output drains, so a slow reader never pins a connection or
   * bloats PostgreSQL, and memory holds one batch at a time. Rows changed
   * during the export show as they were when their batch was read.
   */
  async *rows(status: ExportStatus, format: ExportFormat) {
    if (format === 'csv') yield `${COLUMNS.join(',')}\r\n`
    let after: string | null = null
    while (true) {
      const query = db
        .from('newsletter_contacts')
        .select([...COLUMNS])
        .orderBy('id')
        .limit(BATCH_SIZE)
      if (after) query.where('id', '>', after)
      if (status !== 'all') query.where('status', status)
      const rows: Row[] = await query
      if (rows.length === 0) return
      const line = format === 'csv' ? csvLine : jsonLine
      for (let start = 0; start < rows.length; start += CHUNK_ROWS) {
        yield rows
          .slice(start, start + CHUNK_ROWS)
          .map(line)
          .join('')
      }
      after = rows.at(-1)!.id as string
    }
  }
}

function plain(value: string | Date | null) {
  return value instanceof Date ? value.toISOString() : value
}

/** JSON Lines: one object per line, so millions of rows never form one document. */
function jsonLine(row: Row) {
  return `${JSON.stringify(Object.fromEntries(COLUMNS.map((column) => [column, plain(row[column])])))}\n`
}

/**
 * RFC 4180, and no formula injection: a cell starting with = + - @ (a user
 * agent is the client's to choose) is prefixed with ' so that spreadsheets
 * read it as text.
 */
function csvLine(row: Row) {
  return `${COLUMNS.map((column) => csvCell(plain(row[column]))).join(',')}\r\n`
}

function csvCell(value: string | null) {
  if (value === null) return ''
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n']/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}
