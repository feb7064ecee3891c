import { readFileSync } from 'node:fs'
import app from '@adonisjs/core/services/app'
import mail from '@adonisjs/mail/services/main'
import { errors as limiterErrors } from '@adonisjs/limiter'
import { Counter, Gauge, Histogram } from 'prom-client'
import { smtpLimits } from '#config/mail'
import { PooledSmtpTransport } from '#mails/transports/pooled_smtp_transport'
import ReadinessService from '#services/platform/readiness_service'
import DependencyOutages from '#services/platform/dependency_outages'
import JobQueue from '#services/jobs/job_queue'
import { registry } from '#services/platform/metrics_registry'
// The WAL archiver's series (absent when archiving is off).
import '#services/platform/wal_archive_metrics'

// The registry and the database's figures (database_metrics.ts), reached from here as every other figure.
export { registry } from '#services/platform/metrics_registry'
export {
  organizationLaneRefusals,
  organizationLaneWaits,
  statementTimeouts,
} from '#services/platform/database_metrics'

export const requestDuration = new Histogram({
  name: 'http_server_request_duration_seconds',
  help: 'Time from the request arriving to the end of its response, by method, route pattern (unmatched when no route matched) and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
})

export const requestsInFlight = new Gauge({
  name: 'http_server_requests_in_flight',
  help: 'Requests received and not yet answered',
  registers: [registry],
})

export const welcomeEmails = new Counter({
  name: 'newsletter_welcome_emails_total',
  help: 'Welcome emails by outcome: sent, or failed (the subscription was undone)',
  labelNames: ['outcome'] as const,
  registers: [registry],
})

export const confirmationEmails = new Counter({
  name: 'newsletter_confirmation_emails_total',
  help: 'Double opt-in confirmation emails by outcome: sent, or failed (the request was undone)',
  labelNames: ['outcome'] as const,
  registers: [registry],
})

/**
 * Subscribe requests answered as a success with nothing done, by why: the
 * honeypot field was filled (contract, "The public subscribe form under attack").
 */
export const newsletterDrops = new Counter({
  name: 'newsletter_dropped_total',
  help: 'Subscribe requests answered as a success with nothing stored or sent, by reason (honeypot: the trap field was filled)',
  labelNames: ['reason'] as const,
  registers: [registry],
})

export const rateLimitRejections = new Counter({
  name: 'rate_limit_rejections_total',
  help: 'Requests refused with 429, by the name of the limit that refused them',
  labelNames: ['limiter'] as const,
  registers: [registry],
})

/** The start-up gate and the drain, read at scrape time: what makes /health/ready answer 503. */
new Gauge({
  name: 'app_startup_gate_open',
  help: '1 once PostgreSQL (and Redis when used) answered after start; until then every route but the probes answers 503',
  registers: [registry],
  async collect() {
    const readiness = await app.container.make(ReadinessService)
    this.set(readiness.connected ? 1 : 0)
  },
})

new Gauge({
  name: 'app_draining',
  help: '1 from SIGTERM to the exit: readiness answers 503 so the load balancer takes the instance out',
  registers: [registry],
  async collect() {
    const readiness = await app.container.make(ReadinessService)
    this.set(readiness.draining ? 1 : 0)
  },
})

/**
 * Outages as the tracker sees them (services/platform/dependency_outages.ts):
 * the count shows a failover even when it is over between two scrapes.
 */
new Gauge({
  name: 'app_dependency_up',
  help: '0 from the first failure to reach the dependency (postgresql, redis) to the first success',
  labelNames: ['dependency'],
  registers: [registry],
  async collect() {
    const outages = await app.container.make(DependencyOutages)
    for (const { name, up } of outages.dependencies()) this.set({ dependency: name }, up ? 1 : 0)
  },
})

new Counter({
  name: 'app_dependency_outages_total',
  help: 'Outages of the dependency since start: one each, however many attempts failed',
  labelNames: ['dependency'],
  registers: [registry],
  async collect() {
    const outages = await app.container.make(DependencyOutages)
    this.reset()
    for (const { name, outages: count } of outages.dependencies()) {
      this.inc({ dependency: name }, count)
    }
  },
})

new Gauge({
  name: 'app_info',
  help: 'Always 1; the version label says which release of the API runs',
  labelNames: ['version'] as const,
  registers: [registry],
}).set({ version: packageVersion() }, 1)

/** The version in package.json, read once (the application's info map leaves it empty). */
function packageVersion(): string {
  const manifest = JSON.parse(readFileSync(app.makePath('package.json'), 'utf8'))
  return manifest.version ?? 'unknown'
}

/** Counts a 429 of the limit `limiter` when `error` is one; returns the error to rethrow. */
export function countRejection(limiter: string, error: unknown) {
  if (error instanceof limiterErrors.E_TOO_MANY_REQUESTS) rateLimitRejections.inc({ limiter })
  return error
}

/** The pooled SMTP transport when it is the default mailer (config/mail.ts). */
function smtpPool() {
  const transport = mail.use().transport
  return transport instanceof PooledSmtpTransport ? transport.connections() : undefined
}

new Gauge({
  name: 'smtp_pool_connections_open',
  help: 'SMTP sessions open to the relay (idle or carrying a message)',
  registers: [registry],
  collect() {
    this.set(smtpPool()?.open ?? 0)
  },
})

new Gauge({
  name: 'smtp_pool_connections_busy',
  help: 'SMTP sessions carrying a message right now',
  registers: [registry],
  collect() {
    this.set(smtpPool()?.busy ?? 0)
  },
})

new Gauge({
  name: 'smtp_pool_max',
  help: 'The most SMTP sessions open at once (SMTP_MAX_CONNECTIONS)',
  registers: [registry],
}).set(smtpLimits.maxConnections)

/** Emails waiting for a free SMTP session, as MailDelivery reports them. */
export const smtpSendsWaiting = new Gauge({
  name: 'smtp_sends_waiting',
  help: 'Emails waiting for a free SMTP session',
  registers: [registry],
})

export const mailSendDuration = new Histogram({
  name: 'smtp_send_duration_seconds',
  help: 'Time to send one email, waiting for a session included, by outcome: sent or failed',
  labelNames: ['outcome'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [registry],
})

/**
 * The job queues' figures as the queue last read them (every 10 s, from
 * PostgreSQL): database-wide, so every instance reports the same
 * (aggregate with `max`, not `sum`). None while the queue has not started
 * or PostgreSQL does not answer: the series go away rather than lie.
 */
async function queueCounts() {
  const queue = await app.container.make(JobQueue)
  return queue.counts
}

new Gauge({
  name: 'background_jobs',
  help: 'Background jobs by queue and state: queued (waiting to run, retries included), running, failed (out of retries, kept a week). The same on every instance',
  labelNames: ['queue', 'state'] as const,
  registers: [registry],
  async collect() {
    this.reset()
    for (const { queue, queued, running, failed } of await queueCounts()) {
      this.set({ queue, state: 'queued' }, queued)
      this.set({ queue, state: 'running' }, running)
      this.set({ queue, state: 'failed' }, failed)
    }
  },
})

new Gauge({
  name: 'background_jobs_oldest_ready_seconds',
  help: 'How long the oldest job that may run now has waited for a worker, by queue (0: none waits). The same on every instance',
  labelNames: ['queue'] as const,
  registers: [registry],
  async collect() {
    this.reset()
    for (const { queue, oldestReadySeconds } of await queueCounts()) {
      this.set({ queue }, oldestReadySeconds)
    }
  },
})
