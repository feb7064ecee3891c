import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import { UserFactory } from '#database/factories/user_factory'
import { resetDatabase } from '#tests/helpers/database'
import { sessionCookieFor } from '#tests/helpers/accounts'
import { mailsTo, tokenLinkIn } from '#tests/helpers/mails'
import { smtpServer } from '#tests/helpers/smtp_server'
import { NOT_A_MEMBER } from '#tests/helpers/organizations'
import { eventBody } from '#tests/helpers/builders'
import { runPurges } from '#tests/helpers/jobs'

/**
 * An organization built through the API as a user would: members, an
 * event with an address created with an Idempotency-Key, a pending
 * invitation, and the audit entries all of that wrote.
 */
async function populated(client: ApiClient, owner: User, cookie: string, member: User) {
  const created = await client.post('/organizations').header('cookie', cookie).json({ name: 'Org' })
  const id = created.body().data.id as string
  await client.post(`/organizations/${id}/members`).header('cookie', cookie).json({
    email: member.email,
    role: 'admin',
  })
  const event = await client
    .post(`/organizations/${id}/events`)
    .header('cookie', cookie)
    .header('idempotency-key', `key-${id}`)
    .json(eventBody())
  event.assertStatus(201)
  const email = `guest-${id.slice(-6)}@example.com`
  const invitation = await client
    .post(`/organizations/${id}/invitations`)
    .header('cookie', cookie)
    .json({ email })
  invitation.assertStatus(201)
  const [mail] = await mailsTo(email, 'You are invited to join an organization')
  return {
    id,
    ids: [id, event.body().data.id as string, invitation.body().data.id as string],
    token: tokenLinkIn(mail).token,
    owner,
  }
}

/**
 * Rows of every table that mention one of `ids`, table by table. The
 * limiter's counters are left out: they live in the configured limiter
 * store (also Redis or memory) and expire by themselves.
 */
async function rowsMentioning(ids: string[]) {
  const { rows: tables } = await db.rawQuery(
    `SELECT tablename FROM pg_tables
      WHERE schemaname = 'public' AND tablename NOT LIKE 'adonis_schema%'
        AND tablename <> 'rate_limits'`
  )
  const counts: Record<string, number> = {}
  for (const { tablename } of tables) {
    const { rows } = await db.rawQuery(
      `SELECT count(*)::int AS n FROM "${tablename}" t WHERE ${ids.map(() => 't::text LIKE ?').join(' OR ')}`,
      ids.map((id) => `%${id}%`)
    )
    counts[tablename] = rows[0].n
  }
  return counts
}

test.group('Organizations delete', (group) => {
  group.each.setup(async () => {
    await resetDatabase()
    smtpServer.reset()
  })

  test('gone for every route at the 204; its purge leaves no row of it, and nothing of another goes', async ({
    client,
    assert,
  }) => {
    const [owner, member] = await UserFactory.createMany(2)
    const cookie = await sessionCookieFor(client, owner)
    const doomed = await populated(client, owner, cookie, member)
    const kept = await populated(client, owner, cookie, member)
    const keptBefore = await rowsMentioning(kept.ids)
    const doomedBefore = await rowsMentioning(doomed.ids)
    assert.equal(doomedBefore.organization_audit_entries, 3)
    assert.equal(doomedBefore.idempotency_keys, 1)
    assert.equal(doomedBefore.event_addresses, 1)
    assert.equal(doomedBefore.organization_invitations, 1)

    const response = await client.delete(`/organizations/${doomed.id}`).header('cookie', cookie)

    response.assertStatus(204)
    // At once, before any purge: its owner and its member are no longer members of anything there.
    const memberCookie = await sessionCookieFor(client, member)
    for (const who of [cookie, memberCookie]) {
      for (const url of [
        `/organizations/${doomed.id}`,
        `/organizations/${doomed.id}/members`,
        `/organizations/${doomed.id}/events`,
        `/organizations/${doomed.id}/events/${doomed.ids[1]}`,
        `/organizations/${doomed.id}/invitations`,
        `/organizations/${doomed.id}/audit-log`,
      ]) {
        const refused = await client.get(url).header('cookie', who)
        refused.assertStatus(403)
        refused.assertBody(NOT_A_MEMBER)
      }
    }
    const again = await client.delete(`/organizations/${doomed.id}`).header('cookie', cookie)
    again.assertStatus(403)
    const listed = await client.get('/organizations').header('cookie', memberCookie)
    assert.deepEqual(
      listed.body().data.map((organization: { id: string }) => organization.id),
      [kept.id]
    )
    const guest = await UserFactory.merge({
      email: `guest-${doomed.id.slice(-6)}@example.com`,
    }).create()
    const accept = await client
      .post('/invitations/accept')
      .header('cookie', await sessionCookieFor(client, guest))
      .json({ token: doomed.token })
    accept.assertStatus(400)
    accept.assertBodyContains({ errors: [{ code: 'input.token.invalid' }] })

    const [job] = await runPurges()

    assert.equal(job.state, 'completed')
    const left = await rowsMentioning(doomed.ids)
    for (const [table, count] of Object.entries(left)) assert.equal(count, 0, table)
    assert.deepEqual(await rowsMentioning(kept.ids), keptBefore)
    await db.from('users').where('id', member.id).firstOrFail()
  })

  test('an admin or a member cannot delete it; nothing goes', async ({ client, assert }) => {
    const [owner, member] = await UserFactory.createMany(2)
    const ownerCookie = await sessionCookieFor(client, owner)
    const organization = await populated(client, owner, ownerCookie, member)
    const before = await rowsMentioning(organization.ids)

    const response = await client
      .delete(`/organizations/${organization.id}`)
      .header('cookie', await sessionCookieFor(client, member))

    response.assertStatus(403)
    response.assertBody({
      errors: [
        { message: 'Only owners can delete the organization', code: 'auth.insufficient_role' },
      ],
    })
    assert.deepEqual(await rowsMentioning(organization.ids), before)
  })
})
