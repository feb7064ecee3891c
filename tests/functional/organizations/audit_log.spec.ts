import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import { UserFactory } from '#database/factories/user_factory'
import { resetDatabase } from '#tests/helpers/database'
import { sessionCookieFor } from '#tests/helpers/accounts'
import { mailsTo, tokenLinkIn } from '#tests/helpers/mails'
import { smtpServer } from '#tests/helpers/smtp_server'
import { ISO_UTC } from '#tests/helpers/events'

type Entry = {
  id: string
  action: string
  occurredAt: string
  actor: { userId: string; email: string | null }
  target: { type: string; id: string; email?: string | null }
  details: Record<string, string>
}

const SUBJECT = 'You are invited to join an organization'

/**
 * One organization's life through the API: every action of the contract,
 * a same-role change and a refused request (neither logged).
 */
async function history(client: ApiClient) {
  const [ann, bob, dave] = await UserFactory.createMany(3)
  const annCookie = await sessionCookieFor(client, ann)
  const bobCookie = await sessionCookieFor(client, bob)
  const daveCookie = await sessionCookieFor(client, dave)
  const send = async (request: ReturnType<ApiClient['get']>, status: number) => {
    const response = await request
    response.assertStatus(status)
    return response.body()
  }

  const { data: organization } = await send(
    client.post('/organizations').header('cookie', annCookie).json({ name: 'Acme' }),
    201
  )
  const url = (tail = '') => `/organizations/${organization.id}${tail}`
  await send(client.patch(url()).header('cookie', annCookie).json({ name: 'Acme Inc' }), 200)
  await send(
    client.post(url('/members')).header('cookie', annCookie).json({ email: bob.email }),
    201
  )
  await send(
    client
      .patch(url(`/members/${bob.id}`))
      .header('cookie', annCookie)
      .json({ role: 'admin' }),
    200
  )
  await send(
    client
      .patch(url(`/members/${bob.id}`))
      .header('cookie', annCookie)
      .json({ role: 'admin' }),
    200
  )
  const { data: revoked } = await send(
    client
      .post(url('/invitations'))
      .header('cookie', annCookie)
      .json({ email: 'carol@example.com', role: 'admin' }),
    201
  )
  await send(client.delete(url(`/invitations/${revoked.id}`)).header('cookie', annCookie), 204)
  const { data: accepted } = await send(
    client.post(url('/invitations')).header('cookie', bobCookie).json({ email: dave.email }),
    201
  )
  const [mail] = await mailsTo(dave.email, SUBJECT)
  await send(
    client
      .post('/invitations/accept')
      .header('cookie', daveCookie)
      .json({ token: tokenLinkIn(mail).token }),
    200
  )
  const { data: event } = await send(
    client.post(url('/events')).header('cookie', daveCookie).json({ name: 'Gala' }),
    201
  )
  await send(client.delete(url(`/events/${event.id}`)).header('cookie', daveCookie), 204)
  await send(
    client.post(url('/ownership-transfer')).header('cookie', annCookie).json({ userId: bob.id }),
    200
  )
  await send(client.post(url('/leave')).header('cookie', daveCookie), 204)
  await send(client.delete(url(`/members/${ann.id}`)).header('cookie', bobCookie), 204)
  // Refused: the last owner demoting himself.
  await send(
    client
      .patch(url(`/members/${bob.id}`))
      .header('cookie', bobCookie)
      .json({ role: 'admin' }),
    409
  )
  return { organization, ann, bob, dave, bobCookie, url, revoked, accepted, event }
}

test.group('Organizations audit log', (group) => {
  group.each.setup(async () => {
    await resetDatabase()
    smtpServer.reset()
  })

  test('records who did what, newest first, with emails copied at the time', async ({
    client,
    assert,
  }) => {
    const h = await history(client)
    // Emails are copies: a later change of address does not rewrite the log.
    await db.from('users').where('id', h.ann.id).update({ email: 'renamed@example.com' })

    const response = await client.get(h.url('/audit-log')).header('cookie', h.bobCookie)

    response.assertStatus(200)
    const { data, meta } = response.body() as { data: Entry[]; meta: { nextCursor: null } }
    assert.isNull(meta.nextCursor)
    assert.deepEqual(
      data.map((entry) => entry.action),
      [
        'member.removed',
        'member.left',
        'ownership.transferred',
        'event.deleted',
        'invitation.accepted',
        'invitation.created',
        'invitation.revoked',
        'invitation.created',
        'member.role_changed',
        'member.added',
        'organization.renamed',
        'organization.created',
      ]
    )
    for (const entry of data) assert.match(entry.occurredAt, ISO_UTC)
    const ann = { userId: h.ann.id, email: h.ann.email }
    const bob = { userId: h.bob.id, email: h.bob.email }
    const dave = { userId: h.dave.id, email: h.dave.email }
    const strip = ({ id, occurredAt, ...rest }: Entry) => rest
    assert.deepEqual(data.map(strip), [
      {
        action: 'member.removed',
        actor: bob,
        target: { type: 'user', id: h.ann.id, email: h.ann.email },
        details: { role: 'admin' },
      },
      {
        action: 'member.left',
        actor: dave,
        target: { type: 'user', id: h.dave.id, email: h.dave.email },
        details: { role: 'member' },
      },
      {
        action: 'ownership.transferred',
        actor: ann,
        target: { type: 'user', id: h.bob.id, email: h.bob.email },
        details: { fromRole: 'admin', toRole: 'owner' },
      },
      {
        action: 'event.deleted',
        actor: dave,
        target: { type: 'event', id: h.event.id },
        details: { name: 'Gala' },
      },
      {
        action: 'invitation.accepted',
        actor: dave,
        target: { type: 'invitation', id: h.accepted.id, email: h.dave.email },
        details: { role: 'member' },
      },
      {
        action: 'invitation.created',
        actor: bob,
        target: { type: 'invitation', id: h.accepted.id, email: h.dave.email },
        details: { role: 'member' },
      },
      {
        action: 'invitation.revoked',
        actor: ann,
        target: { type: 'invitation', id: h.revoked.id, email: 'carol@example.com' },
        details: { role: 'admin' },
      },
      {
        action: 'invitation.created',
        actor: ann,
        target: { type: 'invitation', id: h.revoked.id, email: 'carol@example.com' },
        details: { role: 'admin' },
      },
      {
        action: 'member.role_changed',
        actor: ann,
        target: { type: 'user', id: h.bob.id, email: h.bob.email },
        details: { fromRole: 'member', toRole: 'admin' },
      },
      {
        action: 'member.added',
        actor: ann,
        target: { type: 'user', id: h.bob.id, email: h.bob.email },
        details: { role: 'member' },
      },
      {
        action: 'organization.renamed',
        actor: ann,
        target: { type: 'organization', id: h.organization.id },
        details: { name: 'Acme Inc' },
      },
      {
        action: 'organization.created',
        actor: ann,
        target: { type: 'organization', id: h.organization.id },
        details: { name: 'Acme' },
      },
    ])
  })

  test('pages with a cursor, filters by action', async ({ client, assert }) => {
    const h = await history(client)
    const all = await client.get(h.url('/audit-log?limit=100')).header('cookie', h.bobCookie)
    const ids = all.body().data.map((entry: Entry) => entry.id)
    assert.lengthOf(ids, 12)

    const walked: string[] = []
    let cursor: string | null = null
    let pages = 0
    do {
      const query: string = cursor ? `?limit=5&cursor=${encodeURIComponent(cursor)}` : '?limit=5'
      const page = await client.get(h.url(`/audit-log${query}`)).header('cookie', h.bobCookie)
      page.assertStatus(200)
      walked.push(...page.body().data.map((entry: Entry) => entry.id))
      cursor = page.body().meta.nextCursor
      pages++
    } while (cursor)
    assert.equal(pages, 3)
    assert.deepEqual(walked, ids)

    const filtered = await client
      .get(h.url('/audit-log?action=member.added,member.left'))
      .header('cookie', h.bobCookie)
    filtered.assertStatus(200)
    assert.deepEqual(
      filtered.body().data.map((entry: Entry) => entry.action),
      ['member.left', 'member.added']
    )
  })

  test('answers 400 for a bad cursor, action or limit', async ({ client }) => {
    const h = await history(client)
    const other = await client
      .post('/organizations')
      .header('cookie', h.bobCookie)
      .json({ name: 'Other' })
    const otherId = other.body().data.id
    const otherPage = await client
      .get(`/organizations/${otherId}/audit-log?limit=1`)
      .header('cookie', h.bobCookie)
    await client.post(`/organizations/${otherId}/leave`).header('cookie', h.bobCookie)
    const foreignCursor = otherPage.body().meta.nextCursor
    const INVALID_CURSOR = {
      errors: [
        {
          field: 'cursor',
          rule: 'invalid',
          code: 'input.cursor.invalid',
          message: 'The cursor field is not a cursor this server issued',
        },
      ],
    }

    for (const cursor of ['garbage', foreignCursor ?? 'none']) {
      const response = await client
        .get(h.url(`/audit-log?cursor=${encodeURIComponent(cursor)}`))
        .header('cookie', h.bobCookie)
      response.assertStatus(400)
      response.assertBody(INVALID_CURSOR)
    }
    const action = await client
      .get(h.url('/audit-log?action=member.eaten'))
      .header('cookie', h.bobCookie)
    action.assertStatus(400)
    action.assertBodyContains({ errors: [{ code: 'input.action.enum', field: 'action' }] })
    const limit = await client.get(h.url('/audit-log?limit=101')).header('cookie', h.bobCookie)
    limit.assertStatus(400)
    limit.assertBodyContains({ errors: [{ field: 'limit' }] })
  })

  test('no route writes or deletes an entry', async ({ client, db: database }) => {
    const h = await history(client)
    for (const method of ['POST', 'PATCH', 'PUT', 'DELETE'] as const) {
      const response = await client
        .request(h.url('/audit-log'), method)
        .header('cookie', h.bobCookie)
      response.assertStatus(405)
    }
    await database.assertCount('organization_audit_entries', 12)
  })
})
