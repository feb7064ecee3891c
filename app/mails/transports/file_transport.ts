import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { JSONTransport } from '@adonisjs/mail/transports/json'
import type { MailTransportContract, NodeMailerMessage } from '@adonisjs/mail/types'
import logger from '@adonisjs/core/services/logger'

/**
 * Development transport: keeps every message as a JSON file under the given
 * folder and logs where, so a newcomer sees the welcome email without SMTP.
 */
export class FileTransport implements MailTransportContract {
  #json = new JSONTransport()

  constructor(private directory: string) {}

  async send(message: NodeMailerMessage) {
    const response = await this.#json.send(message)
    await mkdir(this.directory, { recursive: true })
    const file = join(
      this.directory,
      `${Date.now()}-${response.messageId.replace(/\W+/g, '')}.json`
    )
    await writeFile(file, JSON.stringify(response.original.message, null, 2))
    logger.info({ to: response.envelope.to, subject: message.subject, file }, 'mail kept locally')
    return response
  }
}
