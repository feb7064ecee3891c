import { BaseCommand, args } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * Right to erasure for one address: its contact and consent record go; a
 * keyed one-way hash stays in newsletter_erasures, so the address is not
 * mailed again unless it subscribes anew.
 */
export default class NewsletterErase extends BaseCommand {
  static commandName = 'newsletter:erase'
  static description = 'Erase what is personal about one newsletter address, keeping a one-way hash'
  static help = ['node ace newsletter:erase ann@example.com']

  static options: CommandOptions = { startApp: true }

  @args.string({ description: 'The email address to erase' })
  declare email: string

  async run() {
    // The same normalisation as the subscribe route's: trimmed, lower-cased.
    const email = this.email.trim().toLowerCase()
    if (!/^[^\s@]+@[^\s@]+$/.test(email)) {
      this.logger.error(`Not an email address: ${this.email}`)
      this.exitCode = 1
      return
    }
    const { default: NewsletterService } = await import('#services/newsletter/newsletter_service')
    const newsletter = await this.app.container.make(NewsletterService)
    const existed = await newsletter.erase(email)
    this.logger.success(
      existed
        ? `Erased ${email}: contact and consent record removed, one-way hash kept`
        : `No contact for ${email}; its one-way hash is kept so it is not mailed`
    )
  }
}
