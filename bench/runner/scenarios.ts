import type { Setup } from './load.js'
import type { Account } from './seed.js'

export type Scenario = {
  name: string
  /** The request to the API (and to the baseline, unless `baselineSetup` says otherwise). */
  setup: Setup
  /** What the baseline is asked instead, when not the same request. */
  baselineSetup?: Setup
  /** The same request to the Fastify peer (GET event only). */
  peerSetup?: Setup
}

/**
 * Every authenticated request is one of the seeded users' (reading their own
 * event, or listing their organization's), every anonymous one comes from
 * another `X-Forwarded-For`: the rate limits are not what is measured.
 */
export function scenarios(
  accounts: Account[],
  { redisStores, monitoringSecret }: { redisStores: boolean; monitoringSecret: string }
): Scenario[] {
  const account = (n: number) => accounts[n % accounts.length]
  const json = { 'content-type': 'application/json' }
  const ip = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`
  const stamp = Date.now()
  const getEvent: Setup = (_, n) => {
    const a = account(n)
    return {
      method: 'GET',
      path: `/organizations/${a.organizationId}/events/${a.eventId}`,
      headers: { cookie: a.cookie },
    }
  }
  // The Redis stores are measured against the least a GET can cost: one query.
  if (redisStores) {
    return [
      {
        name: 'GET event, Redis stores (baseline: one query)',
        setup: getEvent,
        baselineSetup: (_, n) => {
          const a = account(n)
          return {
            method: 'GET',
            path: `/one/organizations/${a.organizationId}/events/${a.eventId}?user=${a.userId}`,
          }
        },
      },
    ]
  }
  return [
    {
      name: 'GET event',
      setup: getEvent,
      peerSetup: (_, n) => {
        const a = account(n)
        return {
          method: 'GET',
          path: `/organizations/${a.organizationId}/events/${a.eventId}`,
          // Its session cookie is `secure` (the default): the proxy says the request was https.
          headers: { 'cookie': a.peerCookie, 'x-forwarded-proto': 'https' },
        }
      },
    },
    {
      name: 'GET event list',
      setup: (_, n) => {
        const a = account(n)
        return {
          method: 'GET',
          path: `/organizations/${a.organizationId}/events`,
          headers: { cookie: a.cookie },
        }
      },
    },
    {
      name: 'PATCH event',
      setup: (_, n) => {
        const a = account(n)
        return {
          method: 'PATCH',
          path: `/organizations/${a.organizationId}/events/${a.eventId}`,
          headers: { ...json, cookie: a.cookie },
          body: JSON.stringify({ name: `Event ${n}`, metadata: { guestCount: { min: n % 50 } } }),
        }
      },
    },
    {
      name: 'POST event',
      setup: (_, n) => {
        const a = account(n)
        return {
          method: 'POST',
          path: `/organizations/${a.organizationId}/events`,
          headers: { ...json, cookie: a.cookie },
          body: JSON.stringify({
            name: `New ${n}`,
            metadata: { category: 'wedding' },
            address: { city: 'Ottawa', country: 'CA', postalCode: 'K1A 0B1' },
          }),
        }
      },
    },
    {
      name: 'GET /health (secret)',
      setup: (_, n) => ({
        method: 'GET',
        path: '/health',
        headers: { 'x-monitoring-secret': monitoringSecret, 'x-forwarded-for': ip(n) },
      }),
    },
    {
      name: 'POST subscribe',
      setup: (_, n) => ({
        method: 'POST',
        path: '/newsletter/subscribe',
        headers: { ...json, 'x-forwarded-for': ip(n) },
        body: JSON.stringify({ email: `b${stamp}-${n}-${Math.random()}@bench.test` }),
      }),
    },
  ]
}

/** --only: the scenario of exactly that name, else every one whose name contains it. */
export function chosen(all: Scenario[], only: string | undefined) {
  if (!only) return all
  const wanted = only.toLowerCase()
  const exact = all.filter((scenario) => scenario.name.toLowerCase() === wanted)
  return exact.length > 0
    ? exact
    : all.filter((scenario) => scenario.name.toLowerCase().includes(wanted))
}
