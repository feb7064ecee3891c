import type { Queue } from 'pg-boss'
import logger from '@adonisjs/core/services/logger'
import { jobs } from '#config/jobs'
import OrganizationPurge from '#services/organizations/organization_purge'
import Retention from '#services/platform/retention'
import UnconfirmedPrune from '#services/newsletter/unconfirmed_prune'
import KeyRotation from '#services/platform/key_rotation'

/** What each queue's jobs carry. */
export type QueueData = {
  'organization-purge': { organizationId: string }
  'organization-purge-sweep': null
  'idempotency-retention': null
  'session-retention': null
  'audit-retention': null
  'newsletter-unconfirmed-prune': null
  'app-key-rotation': null
  'app-key-record': null
}

export type QueueName = keyof QueueData

/** What a job's work is given besides its data. */
export type JobContext = {
  /** Aborts when the job's claim is lost or its worker stops: stop at the end of a batch. */
  signal: AbortSignal
  /** To enqueue further jobs. */
  send: <Name extends QueueName>(name: Name, data: QueueData[Name]) => Promise<string | null>
  /** The services the work uses, from the container (a test swaps them there). */
  make: Make
}

/** Resolves a service from the app's container. */
export type Make = <Service>(binding: abstract new (...args: any[]) => Service) => Promise<Service>

type QueueDefinition<Name extends QueueName> = {
  options: Omit<Queue, 'name'>
  /** Cron (UTC) of a scheduled queue: one job per occurrence across every instance. */
  schedule?: string
  /** Jobs with the same key are one: a second one while the first is queued or running is dropped. */
  singletonKey?: (data: QueueData[Name]) => string
  run: (data: QueueData[Name], context: JobContext) => Promise<unknown>
}

/** Retried with backoff. Done or failed, a job's row is kept a week (pg-boss's default). */
const retried = {
  retryLimit: jobs.retry.limit,
  retryDelay: jobs.retry.delaySeconds,
  retryBackoff: true,
  retryDelayMax: jobs.retry.delayMaxSeconds,
} satisfies Omit<Queue, 'name'>

/**
 * A scheduled job: one at a time (a second occurrence while one is queued
 * or running is dropped), retried a few times, then left to the next one.
 */
const scheduled = {
  ...retried,
  policy: 'exclusive',
  retryLimit: 3,
  expireInSeconds: 3600,
} satisfies Omit<Queue, 'name'>

/** Organizations the sweep re-enqueues at a time: the rest wait for its next occurrence. */
const SWEEP_LIMIT = 1000

/**
 * Every background job of the API: its queue's options, its schedule and
 * its work. Later jobs add their queue here (and to QueueData).
 */
export const QUEUES: { [Name in QueueName]: QueueDefinition<Name> } = {
  /**
   * The purge of a deleted organization, in batches. One job per
   * organization queued or running at a time (`exclusive`, keyed by its
   * id); a long purge stays claimed while its worker's heartbeat goes on,
   * and is taken up again by any instance a minute after its process died.
   */
  'organization-purge': {
    options: { ...retried, policy: 'exclusive', heartbeatSeconds: 60, expireInSeconds: 6 * 3600 },
    singletonKey: ({ organizationId }) => organizationId,
    run: async ({ organizationId }, { signal, make }) => {
      const purge = await make(OrganizationPurge)
      return purge.run(organizationId, { signal })
    },
  },
  /**
   * Enqueues again the purge of any organization still marked deleted with
   * no purge queued or running: one whose job ran out of retries, or was
   * dropped by the queue's own retention while no worker ran.
   */
  'organization-purge-sweep': {
    options: scheduled,
    schedule: jobs.schedules['organization-purge-sweep'],
    run: async (_data, { send, make }) => {
      const purge = await make(OrganizationPurge)
      for (const organizationId of await purge.pending(SWEEP_LIMIT)) {
        await send('organization-purge', { organizationId })
      }
    },
  },
  'idempotency-retention': {
    options: scheduled,
    schedule: jobs.schedules['idempotency-retention'],
    run: async (_data, { signal, make }) => {
      const retention = await make(Retention)
      return retention.idempotencyRecords(signal)
    },
  },
  'session-retention': {
    options: scheduled,
    schedule: jobs.schedules['session-retention'],
    run: async (_data, { signal, make }) => {
      const retention = await make(Retention)
      return retention.sessionsAndTokens(signal)
    },
  },
  'audit-retention': {
    options: scheduled,
    // Unset AUDIT_RETENTION_DAYS: entries are kept, and nothing is scheduled.
    schedule: jobs.auditRetentionDays ? jobs.schedules['audit-retention'] : undefined,
    run: async (_data, { signal, make }) => {
      const retention = await make(Retention)
      const deleted = await retention.auditEntries(jobs.auditRetentionDays, signal)
      if (deleted) logger.info({ deleted }, 'audit entries past AUDIT_RETENTION_DAYS deleted')
      return deleted
    },
  },
  /**
   * Double opt-in's clean-up (also `node ace newsletter:prune-unconfirmed`):
   * unconfirmed contacts whose last confirmation link has expired.
   */
  'newsletter-unconfirmed-prune': {
    options: scheduled,
    schedule: jobs.schedules['newsletter-unconfirmed-prune'],
    run: async (_data, { make }) => {
      const prune = await make(UnconfirmedPrune)
      const pruned = await prune.run()
      if (pruned.removed || pruned.unsubscribedAgain) {
        logger.info(pruned, 'unconfirmed newsletter contacts past their link pruned')
      }
      return pruned
    },
  },
  /**
   * `node ace keys:rotate`: every stored value re-encrypted under the
   * current app key, in batches. One at a time; a lost claim or a stop is
   * taken up again by any instance and skips what is already done.
   */
  'app-key-rotation': {
    options: { ...retried, policy: 'exclusive', heartbeatSeconds: 60, expireInSeconds: 6 * 3600 },
    singletonKey: () => 'app-key-rotation',
    run: async (_data, { signal, make }) => {
      const rotation = await make(KeyRotation)
      return rotation.run(signal)
    },
  },
  /**
   * Notes, on whichever instance runs it, when a key became a previous
   * one, and keeps its blind-index key: `keys:status` counts from there,
   * and the recovery codes outlive the key even if `keys:rotate` was forgotten.
   */
  'app-key-record': {
    options: scheduled,
    schedule: jobs.schedules['app-key-record'],
    run: async (_data, { make }) => {
      const rotation = await make(KeyRotation)
      return rotation.record()
    },
  },
}

export const QUEUE_NAMES = Object.keys(QUEUES) as QueueName[]
