import type { ApplicationService } from '@adonisjs/core/types'

/**
 * The read replicas' health checks (app/services/platform/replicas): polled
 * in the background by the web process (and the tests) while replicas are
 * configured; stopped on shutdown, before Lucid's pools close (providers
 * shut down in reverse order). Until the first poll, the primary answers
 * every read.
 */
export default class ReadReplicasProvider {
  constructor(protected app: ApplicationService) {}

  async ready() {
    const environment = this.app.getEnvironment()
    if (environment !== 'web' && environment !== 'test') return
    const { default: readRouting } = await import('#services/platform/replicas/read_routing')
    if (!readRouting.enabled) return
    readRouting.startMonitoring(await this.app.container.make('logger'))
  }

  async shutdown() {
    const { default: readRouting } = await import('#services/platform/replicas/read_routing')
    await readRouting.stopMonitoring()
  }
}
