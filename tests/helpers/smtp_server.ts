import { SMTPServer, type SMTPServerDataStream } from 'smtp-server'
import env from '#start/env'

export type ReceivedMail = { from: string; to: string[]; raw: string; subject: string }

/**
 * A real SMTP server on loopback that the app delivers to in tests. It keeps
 * what it receives, and can be told to refuse messages like a failing
 * provider would.
 */
class TestSmtpServer {
  received: ReceivedMail[] = []
  #rejection: string | null = null
  #server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData: (stream, session, callback) => this.#onData(stream, session.envelope, callback),
  })

  start() {
    return new Promise<void>((resolve, reject) => {
      this.#server.once('error', reject)
      this.#server.listen(env.get('SMTP_PORT'), env.get('SMTP_HOST'), () => resolve())
    })
  }

  stop() {
    return new Promise<void>((resolve) => this.#server.close(() => resolve()))
  }

  /** Refuse every message with this text until `reset()`. */
  rejectWith(message: string) {
    this.#rejection = message
  }

  reset() {
    this.received = []
    this.#rejection = null
  }

  #onData(
    stream: SMTPServerDataStream,
    envelope: { mailFrom: false | { address: string }; rcptTo: { address: string }[] },
    callback: (error?: Error | null) => void
  ) {
    const chunks: Buffer[] = []
    stream.on('data', (chunk: Buffer) => chunks.push(chunk))
    stream.on('end', () => {
      if (this.#rejection) {
        const error = Object.assign(new Error(this.#rejection), { responseCode: 554 })
        return callback(error)
      }
      const raw = Buffer.concat(chunks).toString('utf8')
      this.received.push({
        from: envelope.mailFrom ? envelope.mailFrom.address : '',
        to: envelope.rcptTo.map((recipient) => recipient.address),
        raw,
        subject: /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '',
      })
      callback()
    })
  }
}

export const smtpServer = new TestSmtpServer()
