import { BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * Runs the background jobs (the purge of deleted organizations, the
 * retention jobs) apart from the web processes, which then only enqueue
 * (JOBS_IN_WEB_PROCESS=false). Any number may run, beside web processes
 * that work too: each job goes to one worker, each schedule fires once.
 * SIGTERM or SIGINT stops it: the jobs in hand stop at the end of their
 * batch and are retried later by any worker.
 */
export default class JobsWork extends BaseCommand {
  static commandName = 'jobs:work'
  static description = 'Run the background job workers and schedules until SIGTERM or SIGINT'
  static help = ['JOBS_IN_WEB_PROCESS=false on the web processes, then: node ace jobs:work']

  static options: CommandOptions = { startApp: true, staysAlive: true }

  async run() {
    const { default: JobQueue } = await import('#services/jobs/job_queue')
    const logger = await this.app.container.make('logger')
    const queue = new JobQueue('work', logger, (binding) => this.app.container.make(binding))
    this.app.terminating(() => queue.stop())
    // bin/console.ts ends the app on SIGTERM; an operator's Ctrl-C ends it the same way.
    process.once('SIGINT', () => void this.app.terminate())
    await queue.start()
    logger.info('job workers started: stop with SIGTERM or SIGINT')
  }
}
