/*
| The SQL that seeds a state of `--scale`: every row computed by PostgreSQL
| from generate_series, in batches, nothing sent row by row. Ids are derived
| from the row's ordinal (md5), so one statement can name the users or the
| organization another one wrote without reading them back; event, audit and
| contact ids are UUID v7 (their time is the row's), as the API writes them.
| Pure: scale.ts runs them.
*/

import { AUDIT_ACTIONS } from './from_api.js'

/** The sizes of one state. */
export type ScaleState = {
  name: 'small' | 'large'
  /** The measured organization's events, and its audit entries. */
  events: number
  auditEntries: number
  /** Its members: user 1 is the owner, users 2…sessionUsers admins (they sign in), the rest members. */
  members: number
  sessionUsers: number
  /** Other organizations, each of `eventsPerNeighbour` events, owned by `neighbourOwners` users. */
  neighbours: number
  eventsPerNeighbour: number
  neighbourOwners: number
  contacts: number
}

/**
 * small: one organization of 1 000 events and 1 000 audit entries. large at
 * `events` = 1 000 000: that organization with 1 000 000 events and audit
 * entries and 100 000 members, beside 10 000 organizations of 100 events
 * (owned by 1 500 users: 101 500 users in all) and 1 000 000 newsletter
 * contacts; a smaller `events` shrinks everything by the same factor.
 */
export function scaleStates(events: number, sessionUsers: number): ScaleState[] {
  const factor = events / 1_000_000
  const neighbours = Math.max(100, Math.round(10_000 * factor))
  return [
    {
      name: 'small',
      events: 1000,
      auditEntries: 1000,
      members: sessionUsers,
      sessionUsers,
      neighbours: 0,
      eventsPerNeighbour: 100,
      neighbourOwners: 0,
      contacts: 0,
    },
    {
      name: 'large',
      events,
      auditEntries: events,
      members: Math.max(sessionUsers, Math.round(100_000 * factor)),
      sessionUsers,
      neighbours,
      eventsPerNeighbour: 100,
      neighbourOwners: Math.min(1500, neighbours),
      contacts: Math.round(1_000_000 * factor),
    },
  ]
}

/** One line of the state's size, for the output. */
export function describeState(state: ScaleState) {
  const n = (value: number) => value.toLocaleString('en-CA')
  const users = state.members + state.neighbourOwners
  const beside =
    state.neighbours > 0
      ? ` beside ${n(state.neighbours)} organizations of ${state.eventsPerNeighbour} events, ` +
        `${n(users)} users, ${n(state.contacts)} newsletter contacts`
      : ''
  return (
    `${state.name}: one organization of ${n(state.events)} events, ` +
    `${n(state.auditEntries)} audit entries and ${n(state.members)} members${beside}`
  )
}

/** A UUID v4 derived from the text `seed`: the same row gets the same id in every statement. */
const uuidV4 = (seed: string) =>
  `(substr(md5(${seed}), 1, 12) || '4' || substr(md5(${seed}), 14, 3) || '8' ||
    substr(md5(${seed}), 18, 15))::uuid`

/** The measured organization is organization 0; its neighbours 1…neighbours. */
export const organizationId = (ordinal: number | string) =>
  uuidV4(`'scale-organization-' || (${ordinal})`)
export const userId = (ordinal: number | string) => uuidV4(`'scale-user-' || (${ordinal})`)
const userEmail = (ordinal: string) => `'scale-user-' || (${ordinal}) || '@bench.test'`

/** A UUID v7 for the time `at`, its random bits from the md5 (hex) `hash`. */
const uuidV7 = (at: string, hash: string) =>
  `(lpad(to_hex((extract(epoch FROM ${at}) * 1000)::bigint), 12, '0') || '7' ||
    substr(${hash}, 16, 3) || '8' || substr(${hash}, 19, 14) || '0')::uuid`

/** 60 bits of the md5 `hash` as a bigint: the row's dice. */
const dice = (hash: string) => `('x' || substr(${hash}, 1, 15))::bit(60)::bigint`

/** Rows created over three years, the first in June 2023. */
const START = `timestamptz '2023-06-01 00:00:00+00'`
const SPAN = `interval '1095 days'`
/** The time of the `ordinal`-th of `count` rows spread over the three years. */
const spread = (ordinal: string, count: number) =>
  `${START} + ${SPAN} * ((${ordinal} - 1)::float8 / ${Math.max(count, 1)})`

/** A statement and what the output calls it. */
export type SeedStep = { label: string; sql: string }

/** [from, to] ranges of `batch` covering 1…count. */
export function batches(count: number, batch: number): [number, number][] {
  const ranges: [number, number][] = []
  for (let from = 1; from <= count; from += batch) {
    ranges.push([from, Math.min(count, from + batch - 1)])
  }
  return ranges
}

function usersAndOrganizations(state: ScaleState): SeedStep[] {
  const users = state.members + state.neighbourOwners
  const neighbourMembers =
    state.neighbours > 0
      ? [
          {
            label: 'neighbour memberships',
            sql: `INSERT INTO organization_members (organization_id, user_id, role, created_at)
              SELECT ${organizationId('j')}, ${userId(`${state.members} + 1 + (j - 1) % ${state.neighbourOwners}`)},
                     'owner'::organization_role, ${spread('j', state.neighbours)}
                FROM generate_series(1, ${state.neighbours}) j
              UNION ALL
              SELECT ${organizationId('j')}, ${userId(`1 + (j * 7919) % ${state.members}`)},
                     'member'::organization_role, ${spread('j', state.neighbours)}
                FROM generate_series(2, ${state.neighbours}, 2) j`,
          },
        ]
      : []
  return [
    {
      label: `${users} users`,
      sql: `INSERT INTO users (id, email, full_name, password, email_verified_at, created_at, updated_at)
        SELECT ${userId('i')}, ${userEmail('i')}, 'Scale user ' || i, 'not-a-hash', at, at, at
          FROM generate_series(1, ${users}) i, LATERAL (SELECT ${spread('i', users)} AS at) t`,
    },
    {
      label: `${state.neighbours + 1} organizations`,
      sql: `INSERT INTO organizations (id, name, created_at, updated_at)
        SELECT ${organizationId('j')}, CASE WHEN j = 0 THEN 'Big Co' ELSE 'Organization ' || j END,
               ${START}, ${START}
          FROM generate_series(0, ${state.neighbours}) j`,
    },
    {
      label: `${state.members} memberships of the measured organization`,
      sql: `INSERT INTO organization_members (organization_id, user_id, role, created_at)
        SELECT ${organizationId(0)}, ${userId('i')},
               (CASE WHEN i = 1 THEN 'owner' WHEN i <= ${state.sessionUsers} THEN 'admin'
                     ELSE 'member' END)::organization_role,
               ${spread('i', state.members)}
          FROM generate_series(1, ${state.members}) i`,
    },
    ...neighbourMembers,
  ]
}

/**
 * Events `from`…`to` of a layout where row s is event `k` of organization
 * `j`, created at `at`: statuses, types, target dates (a tenth without one,
 * the others up to two years after creation), metadata and addresses (nine
 * in ten) as the validators accept them.
 */
function eventsInsert(range: [number, number], j: string, k: string, at: string) {
  return `WITH inserted AS (
    INSERT INTO events (id, organization_id, name, description, target_date, status, event_type,
                        metadata, created_at, updated_at)
    SELECT ${uuidV7('r.at', 'r.m')}, ${organizationId('p.j')}, 'Event ' || p.k, NULL,
           CASE WHEN (x.h / 10000) % 10 = 0 THEN NULL
                ELSE r.at + make_interval(days => ((x.h / 100000) % 730)::int, hours => 18) END,
           (CASE WHEN x.h % 100 < 12 THEN 'BACKLOG' WHEN x.h % 100 < 27 THEN 'PLANNING'
                 WHEN x.h % 100 < 47 THEN 'PLANNED' WHEN x.h % 100 < 55 THEN 'IN_PROGRESS'
                 WHEN x.h % 100 < 90 THEN 'COMPLETED' ELSE 'CANCELLED' END)::event_status,
           (CASE WHEN (x.h / 100) % 100 < 15 THEN 'RECURRING' ELSE 'ONE_OFF' END)::event_type,
           jsonb_build_object('category', c.category,
                              'guestCount', jsonb_build_object('approximate', 10 + (x.h / 1000000000) % 290))
             || CASE WHEN c.category = 'other' THEN '{"customCategory":"Retreat"}'::jsonb ELSE '{}' END
             || CASE WHEN (x.h / 1000000) % 10 < 3
                     THEN jsonb_build_object('budgetRange', jsonb_build_object(
                            'min', 1000 * ((x.h / 10000000) % 20), 'max', 1000 * ((x.h / 10000000) % 20) + 5000,
                            'currency', 'CAD'))
                     ELSE '{}' END,
           r.at, r.at
      FROM generate_series(${range[0]}, ${range[1]}) s
     CROSS JOIN LATERAL (SELECT ${j} AS j, ${k} AS k) p
     CROSS JOIN LATERAL (SELECT md5('scale-event-' || p.j || '-' || p.k) AS m, ${at} AS at) r
     CROSS JOIN LATERAL (SELECT ${dice('r.m')} AS h) x
     CROSS JOIN LATERAL (SELECT (ARRAY['wedding','birthday','graduation','proposal','other'])
                                  [1 + (x.h / 100000000) % 5] AS category) c
    RETURNING id, created_at, ${dice('md5(id::text)')} AS h
  )
  INSERT INTO event_addresses (event_id, street_address, city, state, postal_code, country,
                               created_at, updated_at)
  SELECT i.id, 100 + i.h % 900 || ' Main Street', a.city, a.state, a.postal_code, 'CA',
         i.created_at, i.created_at
    FROM inserted i
    JOIN (VALUES (0, 'Ottawa', 'ON', 'K1A 0B1'), (1, 'Toronto', 'ON', 'M5V 2T6'),
                 (2, 'Montréal', 'QC', 'H2X 1Y4'), (3, 'Vancouver', 'BC', 'V6B 1A1'),
                 (4, 'Calgary', 'AB', 'T2P 1J9')) a (n, city, state, postal_code)
      ON a.n = (i.h / 10) % 5
   WHERE i.h % 10 <> 0`
}

function eventRows(state: ScaleState): SeedStep[] {
  const own = batches(state.events, 100_000).map(([from, to]) => ({
    label: `events ${from}-${to} of the measured organization`,
    sql: eventsInsert([from, to], '0', 's', spread('s', state.events)),
  }))
  const per = state.eventsPerNeighbour
  const total = state.neighbours * per
  const neighbours = batches(total, 100_000).map(([from, to]) => ({
    label: `events ${from}-${to} of ${total} of the neighbours`,
    // Each neighbour's events over the three years, organizations a second apart.
    sql: eventsInsert(
      [from, to],
      `1 + (s - 1) / ${per}`,
      `1 + (s - 1) % ${per}`,
      `${spread(`p.k`, per)} + make_interval(secs => p.j)`
    ),
  }))
  return [...own, ...neighbours]
}

/** How an action names its target, and what it details. */
const TARGETS: Record<string, { type: string; details: string }> = {
  'organization.created': { type: 'organization', details: `'{"name":"Big Co"}'` },
  'organization.renamed': {
    type: 'organization',
    details: `jsonb_build_object('name', 'Big Co ' || s)`,
  },
  'member.added': { type: 'user', details: `'{"role":"member"}'` },
  'member.removed': { type: 'user', details: `'{}'` },
  'member.left': { type: 'user', details: `'{}'` },
  'member.role_changed': { type: 'user', details: `'{"fromRole":"member","toRole":"admin"}'` },
  'ownership.transferred': { type: 'user', details: `'{}'` },
  'invitation.created': { type: 'invitation', details: `'{"role":"member"}'` },
  'invitation.revoked': { type: 'invitation', details: `'{"role":"member"}'` },
  'invitation.accepted': { type: 'invitation', details: `'{"role":"member"}'` },
  'event.deleted': { type: 'event', details: `jsonb_build_object('name', 'Event ' || s)` },
  'organization.two_factor_requirement_changed': {
    type: 'organization',
    details: `jsonb_build_object('requireTwoFactor', s % 2 = 0)`,
  },
}

/** Per mille of the entries after the first (organization.created): most are membership work. */
const ACTION_SHARES: [string, number][] = [
  ['member.added', 300],
  ['invitation.created', 200],
  ['invitation.accepted', 150],
  ['event.deleted', 150],
  ['member.role_changed', 60],
  ['member.removed', 40],
  ['member.left', 40],
  ['invitation.revoked', 30],
  ['organization.renamed', 15],
  ['ownership.transferred', 8],
  ['organization.two_factor_requirement_changed', 7],
]

function auditEntries(state: ScaleState): SeedStep[] {
  const missing = AUDIT_ACTIONS.filter((action) => !TARGETS[action])
  if (missing.length > 0) throw new Error(`No seed for the audit actions ${missing.join(', ')}`)
  let bound = 0
  const action = ACTION_SHARES.map(([name, share]) => {
    bound += share
    return `WHEN x.h % 1000 < ${bound} THEN '${name}'`
  }).join(' ')
  const byAction = (pick: (target: { type: string; details: string }) => string) =>
    `CASE a.action ${Object.entries(TARGETS)
      .map(([name, target]) => `WHEN '${name}' THEN ${pick(target)}`)
      .join(' ')} END`
  const admins = Math.min(state.sessionUsers, state.members)
  return batches(state.auditEntries, 200_000).map(([from, to]) => ({
    label: `audit entries ${from}-${to}`,
    sql: `INSERT INTO organization_audit_entries (id, organization_id, action, actor_id, actor_email,
            target_type, target_id, target_email, details, occurred_at)
      SELECT ${uuidV7('r.at', 'r.m')}, ${organizationId(0)}, a.action,
             ${userId('u.actor')}, ${userEmail('u.actor')}, t.type,
             CASE t.type WHEN 'user' THEN ${userId('u.target')}
                         WHEN 'organization' THEN ${organizationId(0)}
                         ELSE ${uuidV4(`'scale-audit-target-' || s`)} END,
             CASE t.type WHEN 'user' THEN ${userEmail('u.target')}
                         WHEN 'invitation' THEN 'invitee-' || s || '@bench.test' END,
             t.details::jsonb, r.at
        FROM generate_series(${from}, ${to}) s
       CROSS JOIN LATERAL (SELECT md5('scale-audit-' || s) AS m, ${spread('s', state.auditEntries)} AS at) r
       CROSS JOIN LATERAL (SELECT ${dice('r.m')} AS h) x
       CROSS JOIN LATERAL (SELECT CASE WHEN s = 1 THEN 'organization.created' ${action}
                                       ELSE 'organization.two_factor_requirement_changed' END AS action) a
       CROSS JOIN LATERAL (SELECT ${byAction((target) => `'${target.type}'`)} AS type,
                                  ${byAction((target) => `(${target.details})::text`)} AS details) t
       CROSS JOIN LATERAL (SELECT 1 + (x.h / 1000) % ${admins} AS actor,
                                  1 + (x.h / 10000000) % ${state.members} AS target) u`,
  }))
}

function contacts(state: ScaleState): SeedStep[] {
  return batches(state.contacts, 250_000).map(([from, to]) => ({
    label: `newsletter contacts ${from}-${to}`,
    // Nine in ten subscribed through the API, one in ten since unsubscribed by its link.
    sql: `INSERT INTO newsletter_contacts (id, email, status, created_at, consented_at, consent_ip,
            consent_user_agent, consent_locale, consent_method, unsubscribed_at, unsubscribed_via)
      SELECT ${uuidV7('r.at', 'r.m')}, 'reader-' || s || '@bench.test',
             CASE WHEN x.h % 10 = 0 THEN 'unsubscribed' ELSE 'subscribed' END,
             r.at, r.at, '203.0.113.' || (1 + x.h % 250), 'Mozilla/5.0 (bench)',
             CASE WHEN x.h % 3 = 0 THEN 'fr' ELSE 'en' END, 'api',
             CASE WHEN x.h % 10 = 0 THEN r.at + interval '30 days' END,
             CASE WHEN x.h % 10 = 0 THEN 'link' END
        FROM generate_series(${from}, ${to}) s
       CROSS JOIN LATERAL (SELECT md5('scale-contact-' || s) AS m, ${spread('s', state.contacts)} AS at) r
       CROSS JOIN LATERAL (SELECT ${dice('r.m')} AS h) x`,
  }))
}

/** Every statement of a state, in order, into an empty migrated database. */
export function seedSteps(state: ScaleState): SeedStep[] {
  return [
    ...usersAndOrganizations(state),
    ...eventRows(state),
    ...auditEntries(state),
    ...contacts(state),
  ]
}
