import { test } from '@japa/runner'
import { resetDatabase } from '#tests/helpers/database'
import { mailsTo, tokenLinkIn } from '#tests/helpers/mails'
import { smtpServer } from '#tests/helpers/smtp_server'
import { apiBaseUrl, browserFetch, builtClient } from '#tests/helpers/api_client'
import type { paths } from '../../../packages/api-client/src/index.js'

const PASSWORD = 'a-long-password-1'

/** A "browser": the built client with its own cookie jar, every exchange checked. */
async function browser() {
  const { createApiClient, errorCodes } = await builtClient()
  const session = browserFetch()
  const api = createApiClient({ baseUrl: apiBaseUrl(), fetch: session.fetch })
  return { api, errorCodes, session }
}

test.group('Typed client: a whole journey against the server', (group) => {
  group.each.setup(async () => {
    await resetDatabase()
    smtpServer.reset()
  })

  test('signup, verify, organization, invitation, events, If-Match, 412, delete, logout', async ({
    assert,
  }) => {
    const ann = await browser()
    const bob = await browser()

    // Signup signs in; the emailed token verifies the address.
    const signup = await ann.api.POST('/auth/signup', {
      body: { email: 'ann@example.com', password: PASSWORD, fullName: 'Ann' },
    })
    assert.equal(signup.response.status, 201)
    assert.isNull(signup.data!.data.emailVerifiedAt)
    assert.isTrue(ann.session.jar.has('session'))
    const [verification] = await mailsTo('ann@example.com', 'Confirm your email address')
    const verify = await ann.api.POST('/auth/email/verify', {
      body: { token: tokenLinkIn(verification).token },
    })
    assert.isString(verify.data!.data.emailVerifiedAt)
    const me = await ann.api.GET('/auth/me')
    assert.equal(me.data!.data.email, 'ann@example.com')

    // An organization, and an invitation Bob accepts.
    const created = await ann.api.POST('/organizations', { body: { name: 'Acme' } })
    assert.equal(created.response.status, 201)
    const organizationId = created.data!.data.id
    const path = { organizationId }
    const invitation = await ann.api.POST('/organizations/{organizationId}/invitations', {
      params: { path },
      body: { email: 'bob@example.com' },
    })
    assert.equal(invitation.data!.data.email, 'bob@example.com')
    const pending = await ann.api.GET('/organizations/{organizationId}/invitations', {
      params: { path },
    })
    assert.lengthOf(pending.data!.data, 1)
    await bob.api.POST('/auth/signup', { body: { email: 'bob@example.com', password: PASSWORD } })
    const [invited] = await mailsTo('bob@example.com', 'You are invited to join an organization')
    const accepted = await bob.api.POST('/invitations/accept', {
      body: { token: tokenLinkIn(invited).token },
    })
    assert.equal(accepted.data!.data.id, organizationId)
    const members = await ann.api.GET('/organizations/{organizationId}/members', {
      params: { path },
    })
    assert.sameMembers(
      members.data!.data.map((member) => member.email),
      ['ann@example.com', 'bob@example.com']
    )

    // Events, then the list with every filter and every sort.
    const seeds = [
      { name: 'a', status: 'PLANNED', targetDate: '2027-01-10T10:00:00Z' },
      { name: 'b', status: 'COMPLETED', targetDate: '2027-02-10T10:00:00Z' },
      { name: 'c', status: 'BACKLOG', eventType: 'RECURRING', targetDate: '2027-03-10T10:00:00Z' },
      { name: 'd', status: 'PLANNED', eventType: 'RECURRING' },
    ] as const
    for (const body of seeds) {
      const event = await ann.api.POST('/organizations/{organizationId}/events', {
        params: { path },
        body,
      })
      assert.equal(event.response.status, 201)
    }
    const names = async (
      query: paths['/organizations/{organizationId}/events']['get']['parameters']['query']
    ) => {
      const { data, response } = await ann.api.GET('/organizations/{organizationId}/events', {
        params: { path, query },
      })
      assert.equal(response.status, 200, response.url)
      return data!.data.map((event) => event.name)
    }
    assert.deepEqual(await names({ status: ['PLANNED', 'COMPLETED'], sort: 'targetDate' }), [
      'a',
      'b',
      'd',
    ])
    assert.deepEqual(await names({ status: ['BACKLOG'] }), ['c'])
    assert.deepEqual(await names({ eventType: 'RECURRING', sort: 'targetDate' }), ['c', 'd'])
    assert.deepEqual(
      await names({
        targetDateFrom: '2027-01-01',
        targetDateTo: '2027-03-01T00:00:00Z',
        sort: 'targetDate',
      }),
      ['a', 'b']
    )
    assert.deepEqual(await names({ sort: 'createdAt' }), ['a', 'b', 'c', 'd'])
    assert.deepEqual(await names({ sort: '-createdAt' }), ['d', 'c', 'b', 'a'])
    assert.deepEqual(await names({ sort: 'targetDate' }), ['a', 'b', 'c', 'd'])
    assert.deepEqual(await names({ sort: '-targetDate' }), ['c', 'b', 'a', 'd'])
    // The client sends a list as the document says: one comma-separated value.
    assert.include(
      ann.session.exchanges.map((exchange) => exchange.url).join('\n'),
      'status=PLANNED,COMPLETED'
    )
    // Pages: limit and the cursor.
    const first = await ann.api.GET('/organizations/{organizationId}/events', {
      params: { path, query: { limit: 3, sort: 'createdAt' } },
    })
    const cursor = first.data!.meta.nextCursor!
    const second = await ann.api.GET('/organizations/{organizationId}/events', {
      params: { path, query: { limit: 3, sort: 'createdAt', cursor } },
    })
    assert.deepEqual(
      second.data!.data.map((event) => event.name),
      ['d']
    )
    assert.isNull(second.data!.meta.nextCursor)

    // Edit with If-Match: the ETag read, sent back; a stale one is a 412.
    const eventId = first.data!.data[0].id
    const eventPath = { organizationId, id: eventId }
    const shown = await bob.api.GET('/organizations/{organizationId}/events/{id}', {
      params: { path: eventPath },
    })
    const etag = shown.response.headers.get('etag')!
    assert.isString(etag)
    const patched = await bob.api.PATCH('/organizations/{organizationId}/events/{id}', {
      params: { path: eventPath, header: { 'If-Match': etag } },
      body: { name: 'a, renamed', metadata: { guestCount: { approximate: 80 } } },
    })
    assert.equal(patched.response.status, 200)
    assert.equal(patched.data!.data.name, 'a, renamed')
    assert.notEqual(patched.response.headers.get('etag'), etag)
    const stale = await ann.api.PATCH('/organizations/{organizationId}/events/{id}', {
      params: { path: eventPath, header: { 'If-Match': etag } },
      body: { name: 'lost update' },
    })
    assert.equal(stale.response.status, 412)
    assert.deepEqual(ann.errorCodes(stale.error), ['common.resource.precondition_failed'])

    // Delete, then sign out: the session is gone.
    const deleted = await ann.api.DELETE('/organizations/{organizationId}/events/{id}', {
      params: { path: eventPath },
    })
    assert.equal(deleted.response.status, 204)
    const gone = await ann.api.GET('/organizations/{organizationId}/events/{id}', {
      params: { path: eventPath },
    })
    assert.equal(gone.response.status, 404)
    const logout = await ann.api.POST('/auth/logout')
    assert.equal(logout.response.status, 204)
    const after = await ann.api.GET('/auth/me')
    assert.equal(after.response.status, 401)
    assert.deepEqual(ann.errorCodes(after.error), ['auth.unauthenticated'])

    // Every exchange above was checked against the document.
    assert.isAbove(ann.session.exchanges.length + bob.session.exchanges.length, 25)
  }).timeout(60_000)
})
