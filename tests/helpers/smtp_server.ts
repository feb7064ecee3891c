import { SMTPServer, type SMTPServerDataStream } from 'smtp-server'
import env from '#start/env'

export type ReceivedMail = { from: string; to: string[]; raw: string; subject: string }

/**
 * A real SMTP server on loopback that the app delivers to in tests. It keeps
 * what it receives and can misbehave like a real provider: refuse messages,
 * answer slowly, or never say hello.
 */
class TestSmtpServer {
  received: ReceivedMail[] = []
  /** The most SMTP sessions that were open at the same time. */
  peakSessions = 0
  /** SMTP sessions opened since `reset()`. */
  sessionsOpened = 0
  #sessions = 0
  #rejection: string | null = null
  #replyDelayMs = 0
  #greetingDelayMs = 0
  #silent = false
  #server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // The greeting is sent once this calls back: a silent server never does.
    onConnect: (_session, callback) => {
      this.#sessions++
      this.sessionsOpened++
      this.peakSessions = Math.max(this.peakSessions, this.#sessions)
      if (!this.#silent) setTimeout(callback, this.#greetingDelayMs)
    },
    // A silent server answers nothing more on the sessions already open either.
    onMailFrom: (_address, _session, callback) => {
      if (!this.#silent) callback()
    },
    onClose: () => {
      this.#sessions--
    },
    onData: (stream, session, callback) => this.#onData(stream, session.envelope, callback),
  })

  /** SMTP sessions open right now. */
  get openSessions() {
    return this.#sessions
  }

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

  /** Answer each message only after `ms` (a slow provider) until `reset()`. */
  replyAfter(ms: number) {
    this.#replyDelayMs = ms
  }

  /** Greet each new session only after `ms` (a busy provider) until `reset()`. */
  greetAfter(ms: number) {
    this.#greetingDelayMs = ms
  }

  /** Accept connections but never greet (a provider that hangs) until `reset()`. */
  silence() {
    this.#silent = true
  }

  reset() {
    this.received = []
    this.peakSessions = this.#sessions
    this.sessionsOpened = 0
    this.#rejection = null
    this.#replyDelayMs = 0
    this.#greetingDelayMs = 0
    this.#silent = false
  }

  #onData(
    stream: SMTPServerDataStream,
    envelope: { mailFrom: false | { address: string }; rcptTo: { address: string }[] },
    callback: (error?: Error | null) => void
  ) {
    const chunks: Buffer[] = []
    stream.on('data', (chunk: Buffer) => chunks.push(chunk))
    stream.on('end', () => {
      setTimeout(() => {
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
      }, this.#replyDelayMs)
    })
  }
}

export const smtpServer = new TestSmtpServer()
