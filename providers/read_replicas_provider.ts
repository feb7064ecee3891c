import type { ApplicationService } from '@adonisjs/core/types'
import ReadRouting from '#services/platform/replicas/read_routing'
import WritePositions from '#services/platform/replicas/write_positions'

/**
 * The read routing (app/services/platform/replicas): one per process, over
 * the replicas of config/database.ts, with its figures in the metrics. Its
 * health checks are polled in the background by the web process (and the
 * tests) while replicas are configured; stopped on shutdown, before
 * Lucid's pools close (providers shut down in reverse order). Until the
 * first poll, the primary answers every read.
 */
export default class ReadReplicasProvider {
  #routing?: ReadRouting

  constructor(protected app: ApplicationService) {}

  register() {
    this.app.container.singleton(ReadRouting, async () => {
      const { replicas, replicaReads } = await import('#config/database')
      const { observeReadRouting } = await import('#services/platform/database_metrics')
      const routing = new ReadRouting(replicas, replicaReads)
      observeReadRouting(routing)
      return routing
    })
    this.app.container.singleton(
      WritePositions,
      async (resolver) => new WritePositions(await resolver.make(ReadRouting))
    )
  }

  async ready() {
    const environment = this.app.getEnvironment()
    if (environment !== 'web' && environment !== 'test') return
    const routing = await this.app.container.make(ReadRouting)
    if (!routing.enabled) return
    this.#routing = routing
    routing.startMonitoring(await this.app.container.make('logger'))
  }

  async shutdown() {
    await this.#routing?.stopMonitoring()
  }
}
