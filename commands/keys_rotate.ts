import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * After APP_KEY changed (the old one moved to APP_PREVIOUS_KEYS on every
 * instance): enqueues the durable job that re-encrypts every stored value
 * under the current key (app/services/platform/key_rotation.ts). A worker
 * runs it (the web processes, or `node ace jobs:work`); `--wait` waits
 * until `keys:status` shows no stored value under a previous key.
 */
export default class KeysRotate extends BaseCommand {
  static commandName = 'keys:rotate'
  static description = 'Re-encrypt every stored value under the current APP_KEY (a background job)'
  static help = [
    'Set APP_KEY=<new> and APP_PREVIOUS_KEYS=<old> on every instance first, then:',
    'node ace keys:rotate --wait',
  ]

  static options: CommandOptions = { startApp: true }

  @flags.boolean({ description: 'Wait until no stored value needs a previous key' })
  declare wait: boolean

  @flags.number({ description: 'Longest wait, in seconds', default: 600 })
  declare timeout: number

  async run() {
    const { default: KeyRotation } = await import('#services/platform/key_rotation')
    const { default: JobQueue } = await import('#services/jobs/job_queue')
    const rotation = await this.app.container.make(KeyRotation)
    await rotation.record()
    const queue = await this.app.container.make(JobQueue)
    const jobId = await queue.send('app-key-rotation', null)
    this.logger.info(
      jobId ? `Re-encryption queued (job ${jobId})` : 'A re-encryption is already queued or running'
    )
    if (!this.wait) return
    const deadline = Date.now() + this.timeout * 1000
    for (;;) {
      const status = await rotation.status()
      const left = status.previous.reduce((sum, key) => sum + key.storedValues, 0)
      if (left === 0) {
        this.logger.success(
          `No stored value needs a previous key (${status.unreadable} no key reads)`
        )
        return
      }
      if (Date.now() > deadline) {
        this.logger.error(`${left} stored values still need a previous key: is a worker running?`)
        this.exitCode = 1
        return
      }
      await new Promise((resolve) => setTimeout(resolve, 1000))
    }
  }
}
