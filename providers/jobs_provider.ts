import type { ApplicationService } from '@adonisjs/core/types'
import JobQueue from '#services/jobs/job_queue'
import DependencyOutages from '#services/platform/dependency_outages'
import { isDependencyUnavailable } from '#helpers/dependency_errors'
import { QUEUE_NAMES, type Make } from '#services/jobs/queues'

/**
 * The background job queue (app/services/jobs/job_queue.ts): one per
 * process. The web process starts it at once, with the workers and the
 * schedules unless JOBS_IN_WEB_PROCESS=false (then `node ace jobs:work`
 * runs them apart); the tests start it too, enqueue-only (their own
 * workers run where a test needs one); other commands start it on first
 * use. On SIGTERM it stops before the database pool closes: the jobs in
 * hand stop at the end of their batch and are retried later.
 */
export default class JobsProvider {
  #queue?: JobQueue
  #stopping = false

  constructor(protected app: ApplicationService) {}

  register() {
    this.app.container.singleton(JobQueue, async () => {
      const { jobs } = await import('#config/jobs')
      const logger = await this.app.container.make('logger')
      const mode = this.app.getEnvironment() === 'web' && jobs.inWebProcess ? 'work' : 'send'
      const outages = await this.app.container.make(DependencyOutages)
      const make: Make = (binding) => this.app.container.make(binding)
      return new JobQueue(mode, logger, make, QUEUE_NAMES, outages)
    })
    this.app.container.resolving(JobQueue, (queue) => {
      this.#queue = queue
    })
  }

  async ready() {
    const environment = this.app.getEnvironment()
    if (environment !== 'web' && environment !== 'test') return
    const queue = await this.app.container.make(JobQueue)
    const logger = await this.app.container.make('logger')
    const outages = await this.app.container.make(DependencyOutages)
    // Never in the way of the start-up gate: while PostgreSQL is away, tried again in the background.
    const attempt = (retryInMs: number) => {
      queue.start().then(
        () => logger.info({ mode: queue.mode }, 'job queue started'),
        (error) => {
          if (this.#stopping) return
          if (isDependencyUnavailable(error)) {
            outages.sidePoolFailed('postgresql', error, 'job queue not started yet')
          } else {
            logger.warn({ err: error, retryInMs }, 'job queue not started yet')
          }
          setTimeout(() => attempt(Math.min(retryInMs * 2, 30_000)), retryInMs).unref()
        }
      )
    }
    attempt(1000)
  }

  /** Before Lucid's (providers shut down in reverse order): the jobs use its pool to the end. */
  async shutdown() {
    this.#stopping = true
    await this.#queue?.stop()
  }
}
