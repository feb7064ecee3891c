import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api'
import type { BaseMail } from '@adonisjs/mail'
import mail from '@adonisjs/mail/services/main'
import logger from '@adonisjs/core/services/logger'
import { smtpLimits } from '#config/mail'
import type MetricsOnFirstUse from '#services/platform/metrics_on_first_use'

const tracer = trace.getTracer('events-api')

/** The email could not be sent within its budget (waiting for a session, then sending). */
export class MailDeliveryBusyError extends Error {
  constructor(budgetMs: number) {
    super(`The email could not be sent within ${budgetMs} ms`)
  }
}

/**
 * Sends email with at most `maxConnections` messages in flight, one per
 * pooled SMTP session (config/mail.ts), so sessions are reused rather than
 * opened per email. Each send has one budget, `budgetMs`, for waiting its
 * turn and sending: a slow relay only makes it wait longer, and past the
 * budget it fails with the message not sent (the caller can undo its
 * work). Never call it inside a database transaction (contract.md,
 * "Faults and outages").
 */
export default class MailDelivery {
  #active = 0
  #waiting: (() => void)[] = []
  #background = new Set<Promise<void>>()

  constructor(
    private metrics: MetricsOnFirstUse,
    private maxConnections = smtpLimits.maxConnections,
    private budgetMs = smtpLimits.sendBudgetMs
  ) {}

  /**
   * The longest a send can take, from the call to its failure or success:
   * the budget, and one SMTP timeout more as a margin (a caller treats an
   * attempt older than this as abandoned).
   */
  get longestSendMs() {
    return this.budgetMs + smtpLimits.timeoutMs
  }

  /** Messages waiting for a free SMTP session. */
  get waiting() {
    return this.#waiting.length
  }

  /**
   * One span per send when tracing is on (nodemailer has no instrumentation
   * of its own); a no-op span otherwise.
   */
  send(message: BaseMail) {
    return tracer.startActiveSpan('smtp send', { kind: SpanKind.CLIENT }, async (span) => {
      const started = performance.now()
      const signal = AbortSignal.timeout(this.budgetMs)
      let outcome = 'failed'
      try {
        await this.#acquire(signal)
        try {
          await mail.send(message, { signal })
          outcome = 'sent'
        } finally {
          this.#release()
        }
      } catch (error) {
        const failure = signal.aborted ? new MailDeliveryBusyError(this.budgetMs) : error
        span.recordException(failure as Error)
        span.setStatus({ code: SpanStatusCode.ERROR, message: (failure as Error).message })
        throw failure
      } finally {
        const { mailSendDuration } = await this.metrics.load()
        mailSendDuration.observe({ outcome }, (performance.now() - started) / 1000)
        span.end()
      }
    })
  }

  /**
   * Sends after the response, for emails whose delivery must not show in
   * the answer (its timing or its status): a failure is logged, not thrown.
   */
  sendInBackground(message: BaseMail) {
    const sending = this.send(message)
      .catch((error) => logger.error({ err: error }, 'an account email could not be sent'))
      .finally(() => this.#background.delete(sending))
    this.#background.add(sending)
  }

  /** Resolves once every email sent in the background is delivered or failed. */
  async idle() {
    while (this.#background.size) await Promise.all(this.#background)
  }

  /** A turn among the `maxConnections` sends in flight, waited for until `signal` aborts. */
  #acquire(signal: AbortSignal) {
    if (this.#active < this.maxConnections) {
      this.#active++
      return Promise.resolve()
    }
    return new Promise<void>((resolve, reject) => {
      const grant = () => {
        signal.removeEventListener('abort', giveUp)
        this.#active++
        resolve()
      }
      const giveUp = () => {
        this.#waiting.splice(this.#waiting.indexOf(grant), 1)
        this.#reportWaiting()
        reject(signal.reason)
      }
      signal.addEventListener('abort', giveUp, { once: true })
      this.#waiting.push(grant)
      this.#reportWaiting()
    })
  }

  #release() {
    this.#active--
    const next = this.#waiting.shift()
    if (next) {
      this.#reportWaiting()
      next()
    }
  }

  #reportWaiting() {
    void this.metrics
      .load()
      .then(({ smtpSendsWaiting }) => smtpSendsWaiting.set(this.#waiting.length))
  }
}
