import type { IncomingMessage, ServerResponse } from 'node:http'
import type { ApplicationService } from '@adonisjs/core/types'
import { configProvider } from '@adonisjs/core'
import { HttpContext } from '@adonisjs/core/http'
import type { ResolvedSessionConfig } from '@adonisjs/session/types'
import RateLimits, { NewsletterLimitSwitch } from '#services/platform/rate_limits'
import SessionArea from '#session/session_area'
import { UserRequestQuota } from '#session/session_read'
import { limits } from '#config/limiter'
import { WalArchive } from '#services/platform/wal_archive'
import { ContactProvider } from '#services/newsletter/contact_provider'
import MailDelivery from '#services/platform/mail_delivery'
import DependencyOutages from '#services/platform/dependency_outages'
import OrganizationLanes from '#services/platform/organization_lanes'
import MetricsOnFirstUse from '#services/platform/metrics_on_first_use'
import ApiDocument from '#api_docs/api_document'
import { ApiSerializer } from '#helpers/api_serializer'
import ReadRouting from '#services/platform/replicas/read_routing'
import WritePositions from '#services/platform/replicas/write_positions'
import OrganizationRoles from '#services/organizations/roles'
import UuidV7Pool from '#services/platform/uuid_v7_pool'

declare module '@adonisjs/core/http' {
  export interface HttpContext {
    serialize: ApiSerializer['serialize']
  }
}

/**
 * Binds the service's own abstractions to their implementations, loaded on
 * first use (models must not load before the database is ready), the
 * request pipeline's singletons (the limits, the session area), and
 * `ctx.serialize(transformer output)` → `{ data: ... }`.
 */
export default class BindingsProvider {
  constructor(protected app: ApplicationService) {}

  register() {
    // A URL that is not valid percent-encoding never reaches the middleware:
    // the exception handler answers it in the envelope, with the headers of
    // every response. Set before the server is made from config/app.ts.
    this.app.config.set(
      'app.http.onBadUrl',
      (request: IncomingMessage, response: ServerResponse) => {
        import('#exceptions/handler')
          .then(({ answerBadUrl }) => answerBadUrl(request, response))
          .catch(() => response.destroy())
      }
    )

    this.app.container.singleton(ContactProvider, async (resolver) => {
      const { DatabaseContactProvider } =
        await import('#services/newsletter/database_contact_provider')
      const { default: ContactLookup } = await import('#services/newsletter/contact_lookup')
      return new DatabaseContactProvider(await resolver.make(ContactLookup))
    })
    // One per process: it keeps the metrics module once loaded.
    this.app.container.singleton(MetricsOnFirstUse, () => new MetricsOnFirstUse())
    // One per process: it counts the SMTP sessions open at once.
    this.app.container.singleton(
      MailDelivery,
      async (resolver) => new MailDelivery(await resolver.make(MetricsOnFirstUse))
    )
    this.app.container.singleton(
      DependencyOutages,
      async () => new DependencyOutages(await this.app.container.make('logger'))
    )

    // One per process, as the pool its lanes share out.
    this.app.container.singleton(OrganizationLanes, async (resolver) => {
      const { organizationLanes } = await import('#config/database')
      return new OrganizationLanes(organizationLanes, await resolver.make(MetricsOnFirstUse))
    })

    // One per process: every limit from config/limiter.ts, over the limiter's stores.
    this.app.container.singleton(RateLimits, async (resolver) => {
      const { countRejection } = await import('#services/platform/metrics')
      const manager = await resolver.make('limiter.manager')
      // With the counters in PostgreSQL, a user's API quota is counted with the session read.
      const userQuota =
        manager.config.default === 'database' ? new UserRequestQuota(limits.api_user) : null
      return new RateLimits(manager, countRejection, userQuota)
    })
    // The spec disables the newsletter limit in tests; its own test swaps it on.
    this.app.container.bind(
      NewsletterLimitSwitch,
      () => new NewsletterLimitSwitch(!this.app.inTest)
    )
    // One per process: config/session.ts with its stores built once.
    this.app.container.singleton(SessionArea, async (resolver) => {
      const config = await configProvider.resolve<ResolvedSessionConfig>(
        this.app,
        this.app.config.get('session')
      )
      if (!config) throw new Error('config/session.ts must export defineConfig(...)')
      return new SessionArea(
        config,
        await resolver.make('emitter'),
        await resolver.make(RateLimits),
        await resolver.make(WritePositions)
      )
    })

    // One per process, holding the read routing: a request that resolves
    // it (the organizations' policies) resolves nothing more.
    this.app.container.singleton(
      OrganizationRoles,
      async (resolver) => new OrganizationRoles(await resolver.make(ReadRouting))
    )

    // One per process: the metrics and the full health report share its reads.
    this.app.container.singleton(WalArchive, () => new WalArchive())

    // One per process: the random bytes of the ids it makes, drawn ahead.
    this.app.container.singleton(UuidV7Pool, () => new UuidV7Pool())

    // One per process: the OpenAPI document, built once.
    this.app.container.singleton(ApiDocument, () => new ApiDocument())

    // One per process: the routes' `{ data }` envelope, and the event service's recorded answers.
    const serializer = new ApiSerializer()
    this.app.container.bindValue(ApiSerializer, serializer)
    HttpContext.instanceProperty('serialize', function (this: HttpContext, values: any): any {
      return serializer.serialize(values, this.containerResolver)
    })
  }
}
