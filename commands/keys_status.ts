import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * Per previous app key (APP_PREVIOUS_KEYS): the stored values still under
 * it and until when a session or a link signed with it can still arrive.
 * When both are zero (and its blind-index key is kept), it may be removed.
 */
export default class KeysStatus extends BaseCommand {
  static commandName = 'keys:status'
  static description = 'Say what still needs each previous app key, and until when'
  static help = ['node ace keys:status', 'node ace keys:status --json']

  static options: CommandOptions = { startApp: true }

  @flags.boolean({ description: 'Print the figures as JSON' })
  declare json: boolean

  async run() {
    const { default: KeyRotation } = await import('#services/platform/key_rotation')
    const rotation = await this.app.container.make(KeyRotation)
    const status = await rotation.status()
    if (this.json) {
      process.stdout.write(`${JSON.stringify(status)}\n`)
      return
    }
    this.logger.info(`Current key: fingerprint ${status.currentFingerprint}`)
    if (status.previous.length === 0) this.logger.info('No previous key (APP_PREVIOUS_KEYS unset)')
    for (const key of status.previous) {
      const removable = key.storedValues === 0 && key.arrivalsForSeconds === 0 && key.blindIndexKept
      this.logger.info(
        [
          `APP_PREVIOUS_KEYS entry ${key.entry}, fingerprint ${key.fingerprint}, retired ${key.retiredAt.toISOString()}:`,
          `  stored values still under it: ${key.storedValues}${key.storedValues ? ' (run node ace keys:rotate)' : ''}`,
          `  its blind-index key kept for the recovery codes: ${key.blindIndexKept ? 'yes' : 'no (run node ace keys:rotate)'}`,
          `  sessions and expiring links signed with it can arrive until ${key.arrivalsUntil.toISOString()} (${key.arrivalsForSeconds} s from now)`,
          `  unsubscribe links sent before ${key.retiredAt.toISOString()} do not expire: they stop working when it goes`,
          `  ${removable ? 'may be removed' : 'still needed'}`,
        ].join('\n')
      )
    }
    if (status.unreadable > 0) {
      this.logger.warning(
        `${status.unreadable} stored values no configured key reads (logged with their table and id): their second factor is lost`
      )
    }
  }
}
