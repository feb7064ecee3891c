import { once } from 'node:events'
import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import {
  EXPORT_FORMATS,
  EXPORT_STATUSES,
  type ExportFormat,
  type ExportStatus,
} from '#services/newsletter/contact_export'

/**
 * Streams the newsletter's contacts with their consent records to stdout,
 * honouring back-pressure: memory stays flat for millions of rows.
 */
export default class NewsletterExport extends BaseCommand {
  static commandName = 'newsletter:export'
  static description =
    'Write every newsletter contact with its consent record to stdout (CSV or JSON Lines)'
  static help = ['node ace newsletter:export --status=subscribed --format=csv > subscribers.csv']

  static options: CommandOptions = { startApp: true }

  @flags.string({ description: 'subscribed, unsubscribed, unconfirmed or all', default: 'all' })
  declare status: string

  @flags.string({ description: 'csv or json (JSON Lines: one object per line)', default: 'csv' })
  declare format: string

  async run() {
    if (!EXPORT_STATUSES.includes(this.status as ExportStatus)) {
      return this.fail(`--status must be one of ${EXPORT_STATUSES.join(', ')}`)
    }
    if (!EXPORT_FORMATS.includes(this.format as ExportFormat)) {
      return this.fail(`--format must be one of ${EXPORT_FORMATS.join(', ')}`)
    }
    const { default: ContactExport } = await import('#services/newsletter/contact_export')
    const contactExport = await this.app.container.make(ContactExport)
    const contacts = contactExport.rows(this.status as ExportStatus, this.format as ExportFormat)
    for await (const chunk of contacts) {
      if (!process.stdout.write(chunk)) await once(process.stdout, 'drain')
    }
  }

  fail(message: string) {
    this.logger.error(message)
    this.exitCode = 1
  }
}
