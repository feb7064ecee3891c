import type { ApplicationService } from '@adonisjs/core/types'
import { HttpContext } from '@adonisjs/core/http'
import { ContactProvider } from '#services/newsletter/contact_provider'
import MailDelivery from '#services/platform/mail_delivery'
import DependencyOutages from '#services/platform/dependency_outages'
import OrganizationLanes from '#services/platform/organization_lanes'
import { type ApiSerializer, serializer } from '#helpers/api_serializer'

declare module '@adonisjs/core/http' {
  export interface HttpContext {
    serialize: ApiSerializer['serialize']
  }
}

/**
 * Binds the service's own abstractions to their implementations, loaded on
 * first use (models must not load before the database is ready), and
 * `ctx.serialize(transformer output)` → `{ data: ... }`.
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

    // One per process, as the pool its lanes share out.
    this.app.container.singleton(OrganizationLanes, async () => {
      const { organizationLanes } = await import('#config/database')
      return new OrganizationLanes(organizationLanes)
    })

    HttpContext.instanceProperty('serialize', function (this: HttpContext, values: any): any {
      return serializer.serialize(values, this.containerResolver)
    })
  }
}
