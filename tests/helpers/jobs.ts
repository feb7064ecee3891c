import { setTimeout as sleep } from 'node:timers/promises'
import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import JobQueue from '#services/jobs/job_queue'
import type { QueueName } from '#services/jobs/queues'

/**
 * A queue instance that runs workers, as `node ace jobs:work` or a web
 * process does (the tests' own process only enqueues): for `queues` only,
 * so that no schedule fires in the middle of a test unless it asks.
 */
export async function startWorker(queues: QueueName[] = ['organization-purge']) {
  const queue = new JobQueue('work', logger, (binding) => app.container.make(binding), queues)
  await queue.start()
  return queue
}

/**
 * The jobs of `name` (whose data holds `data`, when given), once none is
 * waiting or running: polls their state (every 50 ms, for at most 30 s,
 * then fails with what it saw).
 */
export async function settledJobs(queue: JobQueue, name: QueueName, data?: object) {
  const deadline = Date.now() + 30_000
  for (;;) {
    const found = await queue.boss.findJobs(name, data ? { data } : {})
    if (found.length && found.every((job) => ['completed', 'failed'].includes(job.state))) {
      return found
    }
    if (Date.now() > deadline) {
      throw new Error(`jobs of ${name} not settled: ${JSON.stringify(found.map((j) => j.state))}`)
    }
    await sleep(50)
  }
}

/**
 * Runs every organization purge queued so far to its end, on a worker of
 * its own (stopped afterwards), and returns the jobs: the "background" of
 * an organization's deletion, done now.
 */
export async function runPurges() {
  const worker = await startWorker()
  try {
    return await settledJobs(worker, 'organization-purge')
  } finally {
    await worker.stop()
  }
}
