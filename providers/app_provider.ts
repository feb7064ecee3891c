import type { ApplicationService } from '@adonisjs/core/types'
import { ContactProvider } from '#services/newsletter/contact_provider'
import MailDelivery from '#services/mail_delivery'
import ReadinessService from '#services/readiness_service'

/** How long requests in flight may take to finish after SIGTERM. */
const DRAIN_TIMEOUT_MS = 10_000

/**
 * Binds the service's own abstractions to their implementations, loaded on
 * first use (models must not load before the database is ready), and runs
 * the server's start and stop.
 */
export default class AppProvider {
  constructor(protected app: ApplicationService) {}

  register() {
    this.app.container.singleton(ContactProvider, async () => {
      const { DatabaseContactProvider } =
        await import('#services/newsletter/database_contact_provider')
      return new DatabaseContactProvider()
    })
    // One per process: it counts the SMTP sessions open at once.
    this.app.container.singleton(MailDelivery, () => new MailDelivery())
  }

  /**
   * Opens the start-up gate once the dependencies answer: waits for the
   * first probe, then keeps probing in the background while they do not.
   */
  async ready() {
    this.#drainOnTerminate()
    await this.#answerUnparsableRequests()
    if (this.app.getEnvironment() !== 'web' && this.app.getEnvironment() !== 'test') return
    const readiness = await this.app.container.make(ReadinessService)
    if (await readiness.connect()) return

    const logger = await this.app.container.make('logger')
    void readiness.waitUntilConnected(() =>
      logger.warn('waiting for PostgreSQL (and Redis when used): answering 503 until then')
    )
  }

  /** Sends the traces still batched before the process exits (traces on only). */
  async shutdown() {
    if (!this.app.config.get<boolean>('otel.enabled', false)) return
    const { OtelManager } = await import('@adonisjs/otel/manager')
    await OtelManager.getInstance()?.shutdown()
  }

  /** Requests Node's HTTP parser refuses answer in the envelope (exceptions/handler.ts). */
  async #answerUnparsableRequests() {
    if (this.app.getEnvironment() !== 'web') return
    const httpServer = await this.app.container.make('server')
    const { answerUnparsableRequest } = await import('#exceptions/handler')
    httpServer.getNodeServer()?.on('clientError', answerUnparsableRequest)
  }

  /**
   * On SIGTERM the HTTP server stops accepting and lets requests in flight
   * finish (its own terminating hook, which runs after this one). Keep-alive
   * connections are closed as soon as they fall idle rather than at their
   * timeout; past DRAIN_TIMEOUT_MS the remaining ones are cut so the pools
   * can close.
   */
  #drainOnTerminate() {
    if (this.app.getEnvironment() !== 'web') return
    this.app.terminating(async () => {
      const httpServer = await this.app.container.make('server')
      const server = httpServer.getNodeServer()
      if (!server) return
      setInterval(() => server.closeIdleConnections(), 100).unref()
      setTimeout(() => server.closeAllConnections(), DRAIN_TIMEOUT_MS).unref()
    })
  }
}
