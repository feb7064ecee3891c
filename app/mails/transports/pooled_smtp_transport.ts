import { randomUUID } from 'node:crypto'
import nodemailer from 'nodemailer'
import type SMTPPool from 'nodemailer/lib/smtp-pool/index.js'
import { MailResponse } from '@adonisjs/mail'
import type { MailTransportContract, NodeMailerMessage } from '@adonisjs/mail/types'

export type PooledSmtpOptions = Omit<SMTPPool.Options, 'pool'> & {
  /** The domain of every Message-ID: the sender's (MAIL_FROM's, or the DKIM domain). */
  messageIdDomain: string
}

/** What `send` accepts beside the message: a signal that gives up on it. */
export type PooledSendConfig = { signal?: AbortSignal }

/** The parts of nodemailer's pool read here (it has no public API for them). */
type PoolResource = {
  available: boolean
  queueEntry: false | { mail: { message: { messageId(): string } } }
  connection?: { close(): void }
}
type PoolInternals = {
  _connections: PoolResource[]
  _queue: { mail: { message: { messageId(): string } } }[]
}

/**
 * SMTP over nodemailer's connection pool: at most `maxConnections` sessions
 * to the relay, each carrying up to `maxMessages` emails, so an email pays
 * for the relay's greeting only when no open session is free. Every message
 * gets a Message-ID at the sender's domain; nodemailer signs it when `dkim`
 * is set. A send given an aborted signal is dropped from the pool's queue,
 * or its session is closed before the relay acknowledges the message.
 */
export class PooledSmtpTransport implements MailTransportContract {
  #transporter: nodemailer.Transporter<SMTPPool.SentMessageInfo>
  #messageIdDomain: string

  constructor({ messageIdDomain, ...options }: PooledSmtpOptions) {
    this.#messageIdDomain = messageIdDomain
    // A message whose session closed under it fails (the caller undoes its work) rather
    // than being retried out of the caller's sight, after its answer.
    // (`maxRequeues` is read by nodemailer's pool but missing from its types.)
    const pool: SMTPPool.Options & { maxRequeues: number } = {
      ...options,
      pool: true,
      maxRequeues: 0,
    }
    this.#transporter = nodemailer.createTransport(pool)
  }

  async send(message: NodeMailerMessage, config?: PooledSendConfig) {
    const messageId = (message.messageId ??= `<${randomUUID()}@${this.#messageIdDomain}>`)
    const signal = config?.signal
    signal?.throwIfAborted()
    const info = await new Promise<SMTPPool.SentMessageInfo>((resolve, reject) => {
      const onAbort = () => {
        this.#abandon(messageId)
        reject(signal!.reason)
      }
      signal?.addEventListener('abort', onAbort, { once: true })
      this.#transporter
        .sendMail(message)
        .then(resolve, reject)
        .finally(() => signal?.removeEventListener('abort', onAbort))
    })
    return new MailResponse(info.messageId, info.envelope, info)
  }

  /** Sessions open to the relay, and those carrying a message right now. */
  connections() {
    const pool = this.#pool()
    return {
      open: pool._connections.length,
      busy: pool._connections.filter((connection) => !connection.available).length,
    }
  }

  close() {
    this.#transporter.close()
  }

  #pool() {
    return this.#transporter.transporter as unknown as PoolInternals
  }

  /** Drops the message from the queue, or closes the session that is sending it. */
  #abandon(messageId: string) {
    const pool = this.#pool()
    const queued = pool._queue.findIndex((entry) => entry.mail.message.messageId() === messageId)
    if (queued !== -1) pool._queue.splice(queued, 1)
    for (const connection of pool._connections) {
      if (connection.queueEntry && connection.queueEntry.mail.message.messageId() === messageId) {
        connection.connection?.close()
      }
    }
  }
}
