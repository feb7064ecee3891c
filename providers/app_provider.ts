import type { ApplicationService } from '@adonisjs/core/types'
import { ContactProvider, DatabaseContactProvider } from '#services/newsletter/contact_provider'

/**
 * Binds the service's own abstractions to their implementations.
 */
export default class AppProvider {
  constructor(protected app: ApplicationService) {}

  register() {
    this.app.container.singleton(ContactProvider, () => new DatabaseContactProvider())
  }
}
