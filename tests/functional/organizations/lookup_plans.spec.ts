import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { UserFactory } from '#database/factories/user_factory'
import { OrganizationFactory } from '#database/factories/organization_factory'
import { resetDatabase } from '#tests/helpers/database'
import { keepFigures, planReader, SIZES, withinBound } from '#tests/helpers/plans'
import {
  auditPageStatement,
  FORGET_ACTOR_EMAIL,
  FORGET_TARGET_EMAIL,
} from '#services/organizations/audit_log'
import { PURGE_STEPS } from '#services/organizations/organization_purge'
import { jobs } from '#config/jobs'
import type { AuditAction } from '#types/organization'

/**
 * `size` audit entries of the organization, actions in turn (never
 * `organization.two_factor_requirement_changed`), one a second; a third
 * about a user with a copied address; a tenth as many invitations and accounts; and
 * `idempotencyRecords` idempotency records (a day's worth: they are kept 24 h). `person` acted in, was the target of, and
 * invited in a handful of each, whatever the size.
 */
async function seed(
  organizationId: string,
  size: number,
  person: { id: string; email: string },
  idempotencyRecords = 1000
) {
  await db.rawQuery(
    `INSERT INTO organization_audit_entries
       (id, organization_id, action, actor_id, actor_email, target_type, target_id, target_email,
        details, occurred_at)
     SELECT gen_random_uuid(), :organizationId, (ARRAY[
              'organization.created', 'organization.renamed', 'member.added', 'member.removed',
              'member.left', 'member.role_changed', 'ownership.transferred', 'invitation.created',
              'invitation.revoked', 'invitation.accepted', 'event.deleted'])[1 + n % 11],
            CASE WHEN n IN (1, 4) THEN :personId::uuid ELSE gen_random_uuid() END,
            'actor-' || n || '@example.com',
            CASE WHEN n % 3 = 0 THEN 'user' ELSE 'event' END,
            CASE WHEN n = 2 THEN :personId::uuid ELSE gen_random_uuid() END,
            CASE WHEN n = 3 THEN :email WHEN n % 3 = 0 THEN 'p-' || n || '@example.com' END,
            '{}', timestamptz '2026-01-01' + n * interval '1 second'
       FROM generate_series(1, :size) AS n`,
    { organizationId, size, personId: person.id, email: person.email }
  )
  // Accounts, a tenth as many (email change looks one up by its address).
  await db.rawQuery(
    `INSERT INTO users (id, email, password, created_at, updated_at)
     SELECT gen_random_uuid(), 'u-' || n || '-' || :organizationId || '@example.com', 'x', now(), now()
       FROM generate_series(1, :count) AS n`,
    { organizationId, count: size / 10 }
  )
  await db.rawQuery(
    `INSERT INTO organization_invitations
       (id, organization_id, email, hash, role, invited_by, expires_at, created_at)
     SELECT gen_random_uuid(), :organizationId, 'guest-' || n || '@example.com', md5(n || :organizationId),
            'member', CASE WHEN n = 1 THEN :personId::uuid END, now() + interval '7 days', now()
       FROM generate_series(1, :count) AS n`,
    { organizationId, count: size / 10, personId: person.id }
  )
  await db.rawQuery(
    `INSERT INTO idempotency_keys
       (user_id, key, request_hash, claim, organization_id, response_status, created_at)
     SELECT :personId, gen_random_uuid()::text, 'h', gen_random_uuid(), :organizationId, 201, now()
       FROM generate_series(1, :count) AS n`,
    { organizationId, count: idempotencyRecords, personId: person.id }
  )
}

const ACTIONS: Record<string, AuditAction[] | undefined> = {
  'no filter': undefined,
  'one action': ['member.added'],
  'three actions': ['member.added', 'member.removed', 'event.deleted'],
  'an action never taken': ['organization.two_factor_requirement_changed'],
  'every action': [
    'organization.created',
    'organization.renamed',
    'member.added',
    'member.removed',
    'member.left',
    'member.role_changed',
    'ownership.transferred',
    'invitation.created',
    'invitation.revoked',
    'invitation.accepted',
    'event.deleted',
    'organization.two_factor_requirement_changed',
  ],
}

/** A knex statement (`?` or `:name` bindings) as PostgreSQL receives it. */
function native(sql: string, bindings: unknown[] | Record<string, unknown>) {
  const { sql: text, bindings: values } = db
    .rawQuery(sql, bindings as any)
    .toSQL()
    .toNative()
  return { text, values: values as unknown[] }
}

test.group('Organizations look-up plans', (group) => {
  group.each.setup(() => resetDatabase())

  test('the audit log and the look-ups of account and organization deletion read what a page costs, at 20 000 rows as at 200 000', async ({
    assert,
  }) => {
    const person = await UserFactory.create()
    const [small, large, neighbour] = await OrganizationFactory.createMany(3)
    const reader = await planReader()
    const measured: Record<string, Record<string, number>> = {}
    const measure = async (size: 'small' | 'large', organizationId: string) => {
      await db.rawQuery(
        'VACUUM ANALYZE organization_audit_entries, organization_invitations, idempotency_keys, users'
      )
      const { rows } = await db.rawQuery(
        `SELECT occurred_at::text AS key, id FROM organization_audit_entries
          WHERE organization_id = ? ORDER BY occurred_at DESC, id DESC OFFSET ? LIMIT 1`,
        [organizationId, SIZES[size] / 2]
      )
      const statements: Record<string, { text: string; values: unknown[] }> = {}
      for (const [name, actions] of Object.entries(ACTIONS)) {
        statements[`audit log, ${name}, first page`] = auditPageStatement(
          organizationId,
          100,
          actions
        )
        statements[`audit log, ${name}, deep page`] = auditPageStatement(
          organizationId,
          100,
          actions,
          rows[0]
        )
      }
      statements['account deletion: entries by the actor'] = native(FORGET_ACTOR_EMAIL, [person.id])
      statements['account deletion: entries about the user or the address'] = native(
        FORGET_TARGET_EMAIL,
        [person.id, person.email.toLowerCase()]
      )
      const invitations = db
        .from('organization_invitations')
        .where('invited_by', person.id)
        .delete()
      statements['account deletion: invitations sent'] = invitations.toSQL().toNative() as any
      const purge = PURGE_STEPS.find(({ table }) => table === 'idempotency_keys')!
      statements['organization purge: a batch of idempotency records'] = native(purge.statement, {
        organizationId,
        size: jobs.purgeBatchSize,
      })
      const users = db.from('users').where('email', person.email).limit(1)
      statements['email change: the account holding an address'] = users.toSQL().toNative() as any

      for (const [name, statement] of Object.entries(statements)) {
        const sql = 'text' in statement ? statement.text : (statement as any).sql
        const values = 'values' in statement ? statement.values : (statement as any).bindings
        // Each runs unnamed: PostgreSQL plans it for its values (a custom plan).
        {
          const { buffers, plan } = await reader.explain(sql, values, 'custom')
          measured[name] ??= {}
          measured[name][size] = buffers
          // A small table may be read whole, when the planner finds it cheaper; a large one never.
          if (size === 'large') assert.notInclude(plan, '"Seq Scan"', `${name}: ${plan}`)
        }
      }
    }
    try {
      // Another organization's rows, so the one measured is not the whole table.
      const other = await UserFactory.create()
      await seed(neighbour.id, 20_000, { id: other.id, email: other.email }, 20_000)
      await seed(small.id, SIZES.small, person)
      await measure('small', small.id)
      // The tables grow tenfold, the idempotency records too (other organizations' day).
      await seed(large.id, SIZES.large, person)
      await seed(neighbour.id, 0, { id: other.id, email: other.email }, 100_000)
      await measure('large', large.id)
    } finally {
      await reader.end()
    }
    await keepFigures('organization_lookups', measured)
    const failures = Object.entries(measured)
      // A purge batch deletes (and so reads) its rows: bounded by the batch, not by a page.
      .filter(
        ([name, { small: a, large: b }]) =>
          !withinBound(a, b, name.startsWith('organization purge') ? 8 * jobs.purgeBatchSize : 1200)
      )
      .map(([name, { small: a, large: b }]) => `${name}: ${a} then ${b} buffers`)
    assert.deepEqual(failures, [])
    assert.lengthOf(Object.keys(measured), Object.keys(ACTIONS).length * 2 + 5)
  }).timeout(240_000)
})
