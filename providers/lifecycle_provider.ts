import type { ApplicationService } from '@adonisjs/core/types'
import ReadinessService from '#services/platform/readiness_service'
import DependencyOutages from '#services/platform/dependency_outages'

/**
 * The server's start and stop: dependency outages logged once each, the
 * start-up gate, and the drain on SIGTERM.
 */
export default class LifecycleProvider {
  constructor(protected app: ApplicationService) {}

  register() {
    this.#reportRedisOutages()
    this.#routeDatabaseDriverLog()
  }

  async boot() {
    await this.#reportPostgresOutages()
  }

  /**
   * Redis: the manager would log every failed reconnect attempt as fatal;
   * instead an outage is one warning when the connection fails and one when
   * it is ready again.
   */
  #reportRedisOutages() {
    this.app.container.resolving('redis', async (redis) => {
      const outages = await this.app.container.make(DependencyOutages)
      redis.doNotLogErrors()
      redis.on('connection', (connection) => {
        connection.on('error', ({ error }) => outages.down('redis', error))
        connection.on('subscriber:error', ({ error }) => outages.down('redis', error))
        connection.on('ready', () => outages.up('redis'))
      })
    })
  }

  /**
   * What knex would hand Lucid's logger as it is (`log`: a warning with a
   * stack per failed connection attempt) goes through the outage tracker for
   * the primary; for a read replica it is an info line (its checks report
   * whether it serves reads, and the primary answers meanwhile). Set before
   * the connections are made: Lucid reads its config then.
   */
  #routeDatabaseDriverLog() {
    const outages = () => this.app.container.make(DependencyOutages)
    const logger = () => this.app.container.make('logger')
    const others = {
      error: (message: string) => void logger().then((log) => log.error(message)),
      deprecate: (message: string) => void logger().then((log) => log.info(message)),
      debug: (message: string) => void logger().then((log) => log.debug(message)),
    }
    this.app.config.set('database.connections.postgres.log', {
      warn: (message: string) => void outages().then((o) => o.databaseDriverWarning(message)),
      ...others,
    })
    const connections = Object.keys(this.app.config.get('database.connections', {}))
    for (const replica of connections.filter((name) => name !== 'postgres')) {
      this.app.config.set(`database.connections.${replica}.log`, {
        warn: (message: string) =>
          void logger().then((log) => log.info({ replica }, message.split('\n', 1)[0])),
        ...others,
      })
    }
  }

  /**
   * PostgreSQL: the pool failing to open a connection starts an outage, the
   * next connection it opens ends it. The primary's pool only: a read
   * replica's trouble is its poller's to report (the primary answers).
   */
  async #reportPostgresOutages() {
    const emitter = await this.app.container.make('emitter')
    const { replicas } = await import('#config/database')
    const replicaNames = new Set(replicas.map(({ name }) => name))
    emitter.on('db:connection:connect', async (connection) => {
      if (replicaNames.has(connection.name)) return
      const outages = await this.app.container.make(DependencyOutages)
      connection.pool?.on('createFail', (_id: number, error: unknown) =>
        outages.down('postgresql', error)
      )
      connection.pool?.on('createSuccess', () => outages.up('postgresql'))
    })
  }

  /**
   * Opens the start-up gate once the dependencies answer: waits for the
   * first probe, then keeps probing in the background while they do not.
   */
  async ready() {
    const waitingSince = Date.now()
    await this.#drainOnTerminate()
    await this.#answerUnparsableRequests()
    if (this.app.getEnvironment() !== 'web' && this.app.getEnvironment() !== 'test') return
    const readiness = await this.app.container.make(ReadinessService)
    const logger = await this.app.container.make('logger')
    const opened = () =>
      logger.info(
        { startupMs: Math.round(process.uptime() * 1000), waitedMs: Date.now() - waitingSince },
        'start-up gate open: taking traffic'
      )
    if (await readiness.connect()) return opened()

    let waits = 0
    void readiness
      .waitUntilConnected(() => {
        // Once, then every 30 s: a late database is one event, not a line per probe.
        if (waits++ % 30 === 0) {
          logger.warn('waiting for PostgreSQL (and Redis when used): answering 503 until then')
        }
      })
      .then(opened)
  }

  /** Requests Node's HTTP parser refuses answer in the envelope (exceptions/handler.ts). */
  async #answerUnparsableRequests() {
    if (this.app.getEnvironment() !== 'web') return
    const httpServer = await this.app.container.make('server')
    const { answerUnparsableRequest } = await import('#exceptions/handler')
    httpServer.getNodeServer()?.on('clientError', answerUnparsableRequest)
  }

  /**
   * On SIGTERM, the drain balancers expect: readiness answers 503 at once
   * while the listener keeps accepting for `shutdown.drainMs`, each response
   * telling its keep-alive client to reconnect (`Connection: close`), so the
   * balancer takes this instance out of rotation before anything is refused.
   * Then the HTTP server stops accepting and lets requests in flight finish
   * (its own terminating hook, which runs after this one, registered before
   * it): keep-alive connections close as soon as they fall idle; past
   * `shutdown.finishMs` the remaining ones are cut so the pools can close.
   * A second SIGTERM, or a SIGINT (bin/server.ts terminates on it too), skips
   * what is left of the drain.
   */
  async #drainOnTerminate() {
    if (this.app.getEnvironment() !== 'web') return
    // Resolved now, so nothing stands between the signal and readiness answering 503.
    const readiness = await this.app.container.make(ReadinessService)
    const httpServer = await this.app.container.make('server')
    const logger = await this.app.container.make('logger')
    const { shutdown } = await import('#config/app')
    let skip = () => {}
    let skipped = false
    let sigterms = 0
    const skipDrain = () => {
      skipped = true
      skip()
    }
    process.on('SIGINT', skipDrain)
    process.on('SIGTERM', () => ++sigterms > 1 && skipDrain())

    this.app.terminating(async () => {
      const server = httpServer.getNodeServer()
      // Together, with no await between: from the first 503 of readiness, every response says close.
      readiness.draining = true
      server?.prependListener('request', (_request, response) => {
        if (!response.headersSent) response.setHeader('connection', 'close')
      })
      if (!server) return

      if (!skipped && shutdown.drainMs > 0) {
        logger.info({ drainMs: shutdown.drainMs }, 'draining: readiness answers 503')
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, shutdown.drainMs)
          skip = () => {
            clearTimeout(timer)
            resolve()
          }
        })
      }
      logger.info('stopping: no new connections, finishing the requests in flight')
      setInterval(() => server.closeIdleConnections(), 100).unref()
      setTimeout(() => server.closeAllConnections(), shutdown.finishMs).unref()
    })
  }
}
