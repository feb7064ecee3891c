import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import { resetDatabase } from '#tests/helpers/database'
import { sessionCookieFor } from '#tests/helpers/accounts'
import { organizationRows, organizationWithRoles } from '#tests/helpers/organizations'

type Fixture = Awaited<ReturnType<typeof organizationWithRoles>>
type Caller = 'owner' | 'admin' | 'member' | 'outsider'
/** A status, or a 403 by its code: `forbidden` (not a member), `role` (insufficient role). */
type Outcome = number | 'forbidden' | 'role'

const CALLERS: Caller[] = ['owner', 'admin', 'member', 'outsider']

/**
 * The contract's table (Roles inside an organization), route by route:
 * what owner, admin, member and non-member get.
 */
const ROUTES: {
  route: string
  send: (client: ApiClient, f: Fixture) => ReturnType<ApiClient['get']>
  outcomes: [Outcome, Outcome, Outcome, Outcome]
}[] = [
  {
    route: 'GET /organizations/:id',
    send: (c, f) => c.get(`/organizations/${f.organization.id}`),
    outcomes: [200, 200, 200, 'forbidden'],
  },
  {
    route: 'PATCH /organizations/:id',
    send: (c, f) => c.patch(`/organizations/${f.organization.id}`).json({ name: 'Renamed' }),
    outcomes: [200, 200, 'role', 'forbidden'],
  },
  {
    route: 'DELETE /organizations/:id',
    send: (c, f) => c.delete(`/organizations/${f.organization.id}`),
    outcomes: [204, 'role', 'role', 'forbidden'],
  },
  {
    route: 'GET …/members',
    send: (c, f) => c.get(`/organizations/${f.organization.id}/members`),
    outcomes: [200, 200, 200, 'forbidden'],
  },
  {
    route: 'POST …/members',
    send: (c, f) =>
      c.post(`/organizations/${f.organization.id}/members`).json({ email: f.users.outsider.email }),
    outcomes: [201, 201, 'role', 'forbidden'],
  },
  {
    route: 'PATCH …/members/:userId',
    send: (c, f) =>
      c
        .patch(`/organizations/${f.organization.id}/members/${f.users.target.id}`)
        .json({ role: 'admin' }),
    outcomes: [200, 200, 'role', 'forbidden'],
  },
  {
    route: 'DELETE …/members/:userId',
    send: (c, f) => c.delete(`/organizations/${f.organization.id}/members/${f.users.target.id}`),
    outcomes: [204, 204, 'role', 'forbidden'],
  },
  {
    route: 'POST …/leave',
    send: (c, f) => c.post(`/organizations/${f.organization.id}/leave`),
    outcomes: [204, 204, 204, 'forbidden'],
  },
  {
    route: 'POST …/ownership-transfer',
    send: (c, f) =>
      c
        .post(`/organizations/${f.organization.id}/ownership-transfer`)
        .json({ userId: f.users.target.id }),
    outcomes: [200, 'role', 'role', 'forbidden'],
  },
  {
    route: 'POST …/invitations',
    send: (c, f) =>
      c
        .post(`/organizations/${f.organization.id}/invitations`)
        .json({ email: 'new-person@example.com' }),
    outcomes: [201, 201, 'role', 'forbidden'],
  },
  {
    route: 'GET …/invitations',
    send: (c, f) => c.get(`/organizations/${f.organization.id}/invitations`),
    outcomes: [200, 200, 200, 'forbidden'],
  },
  {
    route: 'DELETE …/invitations/:invitationId',
    send: (c, f) =>
      c.delete(`/organizations/${f.organization.id}/invitations/${f.memberInvitation.id}`),
    outcomes: [204, 204, 'role', 'forbidden'],
  },
  {
    route: 'GET …/audit-log',
    send: (c, f) => c.get(`/organizations/${f.organization.id}/audit-log`),
    outcomes: [200, 200, 'role', 'forbidden'],
  },
  {
    route: 'GET …/events',
    send: (c, f) => c.get(`/organizations/${f.organization.id}/events`),
    outcomes: [200, 200, 200, 'forbidden'],
  },
  {
    route: 'POST …/events',
    send: (c, f) => c.post(`/organizations/${f.organization.id}/events`).json({ name: 'Gala' }),
    outcomes: [201, 201, 201, 'forbidden'],
  },
  {
    route: 'PATCH …/events/:id',
    send: (c, f) =>
      c.patch(`/organizations/${f.organization.id}/events/${f.event.id}`).json({ name: 'Ball' }),
    outcomes: [200, 200, 200, 'forbidden'],
  },
  {
    route: 'DELETE …/events/:id',
    send: (c, f) => c.delete(`/organizations/${f.organization.id}/events/${f.event.id}`),
    outcomes: [204, 204, 204, 'forbidden'],
  },
]

const CASES = ROUTES.flatMap(({ route, send, outcomes }) =>
  CALLERS.map((caller, index) => ({ route, caller, send, outcome: outcomes[index] }))
)

test.group('Organizations permissions', (group) => {
  group.each.setup(() => resetDatabase())

  test('{route} as {caller}')
    .with(CASES)
    .run(async ({ client, assert }, { caller, send, outcome }) => {
      const fixture = await organizationWithRoles()
      const cookie = await sessionCookieFor(client, fixture.users[caller])
      const before = await organizationRows(fixture.organization.id)

      const response = await send(client, fixture).header('cookie', cookie)

      if (typeof outcome === 'number') {
        response.assertStatus(outcome)
        return
      }
      response.assertStatus(403)
      const [error] = response.body().errors
      assert.lengthOf(response.body().errors, 1)
      assert.isString(error.message)
      assert.equal(
        error.code,
        outcome === 'forbidden' ? 'auth.forbidden' : 'auth.insufficient_role'
      )
      assert.equal(await organizationRows(fixture.organization.id), before, 'nothing changed')
    })
})
