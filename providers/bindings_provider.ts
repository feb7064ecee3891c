import type { ApplicationService } from '@adonisjs/core/types'
import { ContactProvider } from '#services/newsletter/contact_provider'
import MailDelivery from '#services/platform/mail_delivery'
import DependencyOutages from '#services/platform/dependency_outages'

/**
 * Binds the service's own abstractions to their implementations, loaded on
 * first use (models must not load before the database is ready).
 */
export default class BindingsProvider {
  constructor(protected app: ApplicationService) {}

  register() {
    this.app.container.singleton(ContactProvider, async () => {
      const { DatabaseContactProvider } =
        await import('#services/newsletter/database_contact_provider')
      return new DatabaseContactProvider()
    })
    // One per process: it counts the SMTP sessions open at once.
    this.app.container.singleton(MailDelivery, () => new MailDelivery())
    this.app.container.singleton(
      DependencyOutages,
      async () => new DependencyOutages(await this.app.container.make('logger'))
    )
  }
}
