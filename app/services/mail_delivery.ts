import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api'
import type { BaseMail } from '@adonisjs/mail'
import mail from '@adonisjs/mail/services/main'
import logger from '@adonisjs/core/services/logger'
import { smtpLimits } from '#config/mail'

const tracer = trace.getTracer('events-api')

/** No SMTP session became free in time: the provider is too slow to take more. */
export class MailDeliveryBusyError extends Error {
  constructor(waitedMs: number) {
    super(`No SMTP connection became free within ${waitedMs} ms`)
  }
}

/**
 * Sends email with at most `maxConnections` SMTP sessions at once. A send
 * waits at most `waitMs` for a free session, then fails: the caller has not
 * sent anything yet and can undo its work. Never call it inside a database
 * transaction (contract.md, "Faults and outages").
 */
export default class MailDelivery {
  #active = 0
  #waiting: (() => void)[] = []
  #background = new Set<Promise<void>>()

  constructor(
    private maxConnections = smtpLimits.maxConnections,
    private waitMs = smtpLimits.timeoutMs
  ) {}

  /**
   * The longest a send can take: the wait for a session, then connect,
   * greeting and the replies to EHLO, MAIL, RCPT, DATA, the message and
   * QUIT, each bounded by the SMTP timeout.
   */
  get longestSendMs() {
    return this.waitMs + 8 * smtpLimits.timeoutMs
  }

  /**
   * One span per send when tracing is on (nodemailer has no instrumentation
   * of its own); a no-op span otherwise.
   */
  send(message: BaseMail) {
    return tracer.startActiveSpan('smtp send', { kind: SpanKind.CLIENT }, async (span) => {
      try {
        await this.#acquire()
        try {
          await mail.send(message)
        } finally {
          this.#release()
        }
      } catch (error) {
        span.recordException(error as Error)
        span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message })
        throw error
      } finally {
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

  #acquire() {
    if (this.#active < this.maxConnections) {
      this.#active++
      return Promise.resolve()
    }
    return new Promise<void>((resolve, reject) => {
      const grant = () => {
        clearTimeout(timer)
        this.#active++
        resolve()
      }
      const timer = setTimeout(() => {
        this.#waiting.splice(this.#waiting.indexOf(grant), 1)
        reject(new MailDeliveryBusyError(this.waitMs))
      }, this.waitMs)
      this.#waiting.push(grant)
    })
  }

  #release() {
    this.#active--
    this.#waiting.shift()?.()
  }
}
