import app from '@adonisjs/core/services/app'
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import type { ApiResponse } from '@japa/api-client'
import { UserFactory } from '#database/factories/user_factory'
import { OrganizationFactory } from '#database/factories/organization_factory'
import { resetDatabase } from '#tests/helpers/database'
import { addMember, clearLimits, sessionCookieFor } from '#tests/helpers/accounts'
import { mailsTo, tokenLinkIn } from '#tests/helpers/mails'
import { smtpServer } from '#tests/helpers/smtp_server'
import { LAST_OWNER, ownersOf } from '#tests/helpers/organizations'
import OrganizationPurge from '#services/organizations/organization_purge'

const ROUNDS = 25

const byStatus = (responses: ApiResponse[]) =>
  [...responses].sort((left, right) => left.status() - right.status())

/**
 * Sends both requests at the same instant, for real: the organization's
 * row lock is held here until both have passed their checks and wait for
 * it, then released, so neither can finish before the other has begun.
 */
async function atOnce(organizationId: string, requests: PromiseLike<ApiResponse>[]) {
  const gate = await db.transaction()
  await gate.rawQuery('SELECT id FROM organizations WHERE id = ? FOR UPDATE', [organizationId])
  const answers = Promise.all(requests)
  try {
    for (let waited = 0; ; waited += 10) {
      const { rows } = await db.rawQuery(
        `SELECT count(*)::int AS waiting FROM pg_stat_activity
          WHERE wait_event_type = 'Lock' AND query LIKE '%FROM organizations WHERE id = % FOR %UPDATE%'`
      )
      if (rows[0].waiting >= requests.length) break
      if (waited > 10_000) throw new Error('the requests never reached the lock')
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
  } finally {
    await gate.commit()
  }
  return answers
}

/**
 * Each round is a fresh organization and two requests sent at the same
 * instant: the owner invariant takes the organization's row lock, so the
 * second counts what the first left (contract: at least one owner, also
 * under concurrency).
 */
test.group('Organizations races', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.timeout(120_000)

  test('two owners demoting each other: one succeeds, one 409, one owner left', async ({
    client,
    assert,
  }) => {
    const [ann, bob] = await UserFactory.createMany(2)
    const [annCookie, bobCookie] = [
      await sessionCookieFor(client, ann),
      await sessionCookieFor(client, bob),
    ]
    for (let round = 0; round < ROUNDS; round++) {
      const organization = await OrganizationFactory.create()
      await addMember(organization, ann, 'owner')
      await addMember(organization, bob, 'owner')
      const url = (userId: string) => `/organizations/${organization.id}/members/${userId}`

      const [won, lost] = byStatus(
        await atOnce(organization.id, [
          client.patch(url(bob.id)).header('cookie', annCookie).json({ role: 'admin' }),
          client.patch(url(ann.id)).header('cookie', bobCookie).json({ role: 'admin' }),
        ])
      )

      won.assertStatus(200)
      lost.assertStatus(409)
      lost.assertBody(LAST_OWNER)
      assert.lengthOf(await ownersOf(organization.id), 1, `round ${round}`)
    }
  })

  test('two owners leaving at once: one leaves, one 409, one owner left', async ({
    client,
    assert,
  }) => {
    const [ann, bob, carol] = await UserFactory.createMany(3)
    const [annCookie, bobCookie] = [
      await sessionCookieFor(client, ann),
      await sessionCookieFor(client, bob),
    ]
    for (let round = 0; round < ROUNDS; round++) {
      const organization = await OrganizationFactory.create()
      await addMember(organization, ann, 'owner')
      await addMember(organization, bob, 'owner')
      await addMember(organization, carol, 'member')
      const url = `/organizations/${organization.id}/leave`

      const [won, lost] = byStatus(
        await atOnce(organization.id, [
          client.post(url).header('cookie', annCookie),
          client.post(url).header('cookie', bobCookie),
        ])
      )

      won.assertStatus(204)
      lost.assertStatus(409)
      lost.assertBody(LAST_OWNER)
      assert.lengthOf(await ownersOf(organization.id), 1, `round ${round}`)
    }
  })

  test('one owner transferring to two members at once: exactly one new owner', async ({
    client,
    assert,
  }) => {
    const [ann, bob, carol] = await UserFactory.createMany(3)
    const annCookie = await sessionCookieFor(client, ann)
    for (let round = 0; round < ROUNDS; round++) {
      const organization = await OrganizationFactory.create()
      await addMember(organization, ann, 'owner')
      await addMember(organization, bob, 'member')
      await addMember(organization, carol, 'admin')
      const url = `/organizations/${organization.id}/ownership-transfer`

      const [won, lost] = byStatus(
        await atOnce(organization.id, [
          client.post(url).header('cookie', annCookie).json({ userId: bob.id }),
          client.post(url).header('cookie', annCookie).json({ userId: carol.id }),
        ])
      )

      won.assertStatus(200)
      lost.assertStatus(409)
      lost.assertBodyContains({ errors: [{ code: 'common.resource.conflict' }] })
      const owners = await ownersOf(organization.id)
      assert.lengthOf(owners, 1, `round ${round}`)
      assert.equal(owners[0], won.body().data.to.userId)
      assert.notEqual(owners[0], ann.id)
    }
  })
  test('deleting the organization while its invitation is accepted: no deadlock, nothing left', async ({
    client,
    assert,
  }) => {
    const [ann, bob] = await UserFactory.createMany(2)
    const annCookie = await sessionCookieFor(client, ann)
    const bobCookie = await sessionCookieFor(client, bob)
    const deletedIds: string[] = []
    for (let round = 0; round < ROUNDS; round++) {
      smtpServer.reset()
      const organization = await OrganizationFactory.create()
      await addMember(organization, ann, 'owner')
      const invited = await client
        .post(`/organizations/${organization.id}/invitations`)
        .header('cookie', annCookie)
        .json({ email: bob.email })
      invited.assertStatus(201)
      const [mail] = await mailsTo(bob.email, 'You are invited to join an organization')
      await clearLimits()

      const [deleted, accepted] = await atOnce(organization.id, [
        client.delete(`/organizations/${organization.id}`).header('cookie', annCookie),
        client
          .post('/invitations/accept')
          .header('cookie', bobCookie)
          .json({ token: tokenLinkIn(mail).token }),
      ])

      deleted.assertStatus(204)
      // Accepted first (then deleted with the rest), or found the invitation gone.
      assert.oneOf(accepted.status(), [200, 400], `round ${round}`)
      const gone = await client.get(`/organizations/${organization.id}`).header('cookie', bobCookie)
      gone.assertStatus(403)
      deletedIds.push(organization.id)
    }
    // The purge each deletion enqueued, run here (the queue's own runs are tested in purge.spec.ts).
    const purge = await app.container.make(OrganizationPurge)
    for (const id of deletedIds) await purge.run(id)
    const left = await db.from('organization_members').whereIn('organization_id', deletedIds)
    assert.lengthOf(left, 0)
  })
})
