import { Registry, collectDefaultMetrics } from 'prom-client'

/**
 * The figures `GET /metrics` exposes (contract, "Operators"), in a registry
 * of their own. Labels are bounded sets only: route patterns, never paths,
 * ids, emails or user agents.
 */
export const registry = new Registry()

collectDefaultMetrics({ register: registry })
