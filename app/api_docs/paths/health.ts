import app from '@adonisjs/core/services/app'
import { group, json, ref, textBody } from '#api_docs/builders'
import { API_LIMIT } from '#api_docs/shared'

/** Probes for monitors and load balancers, and Prometheus metrics. */
export function healthPaths() {
  const health = {
    200: json(ref('Health'), 'Healthy'),
    503: json(ref('Health'), 'Unhealthy or a dependency is down'),
  }
  return {
    ...group(
      { tag: 'health' },
      {
        'GET /health': {
          id: 'getHealth',
          // Throttled in production only (spec, Limits), never with the monitoring secret.
          rateLimit: app.inProduction ? `${API_LIMIT}; none with the monitoring secret` : undefined,
          summary: 'Health report (the full report with the monitoring secret)',
          monitor: true,
          responses: health,
          errors: [429, 500],
        },
        'GET /health/live': {
          id: 'getLiveness',
          summary: 'Liveness: the process serves requests',
          responses: { 200: json(ref('Health'), 'Alive') },
          errors: [500],
        },
        'GET /health/ready': {
          id: 'getReadiness',
          summary:
            'Readiness: 503 until the start-up gate opens, from the first moment of a drain (SIGTERM), and while a dependency does not answer (probe cached up to 1 s)',
          responses: health,
          errors: [500],
        },
      }
    ),
    ...group(
      { tag: 'operations' },
      {
        'GET /metrics': {
          id: 'getMetrics',
          scrape: true,
          summary: 'Prometheus metrics (Authorization: Bearer <MONITORING_SECRET>)',
          responses: { 200: textBody('text/plain', 'Prometheus text format') },
          errors: [401, 404, 500],
        },
      }
    ),
  }
}
