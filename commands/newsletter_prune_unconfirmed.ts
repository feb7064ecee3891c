import { BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * Double opt-in's clean-up: unconfirmed contacts whose last confirmation
 * link has expired (NEWSLETTER_CONFIRM_TTL) can no longer confirm. They go;
 * one that had unsubscribed before is unsubscribed again, keeping the
 * record of its opt-out. Nothing else is touched. The background job
 * `newsletter-unconfirmed-prune` does it every hour; this runs it now.
 */
export default class NewsletterPruneUnconfirmed extends BaseCommand {
  static commandName = 'newsletter:prune-unconfirmed'
  static description = 'Delete unconfirmed newsletter contacts whose confirmation link has expired'
  static help = ['node ace newsletter:prune-unconfirmed']

  static options: CommandOptions = { startApp: true }

  async run() {
    const { default: DoubleOptInService } =
      await import('#services/newsletter/double_opt_in_service')
    const doubleOptIn = await this.app.container.make(DoubleOptInService)
    const { removed, unsubscribedAgain } = await doubleOptIn.prune()
    this.logger.success(
      `Removed ${removed} unconfirmed contact${removed === 1 ? '' : 's'} past the confirmation link's lifetime` +
        (unsubscribedAgain
          ? `; ${unsubscribedAgain} that had unsubscribed before ${unsubscribedAgain === 1 ? 'is' : 'are'} unsubscribed again`
          : '')
    )
  }
}
