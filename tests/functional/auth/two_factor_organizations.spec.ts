import { test } from '@japa/runner'
import { resetDatabase } from '#tests/helpers/database'
import { addMember, memberWithOrganization, signedIn } from '#tests/helpers/accounts'
import { enableTotp, withTestClock } from '#tests/helpers/two_factor'
import { smtpServer } from '#tests/helpers/smtp_server'

/*
 * The organizations' requirement met through the real factor routes: the
 * member turns an authenticator app on (their session is let in at once) and
 * cannot turn it off again while they belong to the organization.
 */
test.group(
  'Two factors: an organization that requires them, through the factor routes',
  (group) => {
    const state = withTestClock(group)
    group.each.setup(async () => {
      await resetDatabase()
      smtpServer.reset()
    })

    test('a member turns TOTP on and is let in; turning it off is refused while they belong', async ({
      client,
    }) => {
      const owner = await memberWithOrganization(client)
      await enableTotp(client, owner.cookie, state.clock)
      const required = await client
        .patch(`/organizations/${owner.organization.id}`)
        .header('cookie', owner.cookie)
        .json({ requireTwoFactor: true })
      required.assertStatus(200)
      required.assertBodyContains({ data: { requireTwoFactor: true } })

      const member = await signedIn(client)
      await addMember(owner.organization, member.user)
      const before = await client
        .get(`/organizations/${owner.organization.id}`)
        .header('cookie', member.cookie)
      before.assertStatus(403)
      before.assertBodyContains({ errors: [{ code: 'organization.two_factor_required' }] })

      await enableTotp(client, member.cookie, state.clock)
      const after = await client
        .get(`/organizations/${owner.organization.id}`)
        .header('cookie', member.cookie)
      after.assertStatus(200)

      const off = await client.delete('/auth/two-factor/totp').header('cookie', member.cookie)
      off.assertStatus(409)
      off.assertBodyContains({ errors: [{ code: 'organization.two_factor_required' }] })
      const still = await client.get('/auth/two-factor').header('cookie', member.cookie)
      still.assertBodyContains({ data: { totp: true } })

      const left = await client
        .post(`/organizations/${owner.organization.id}/leave`)
        .header('cookie', member.cookie)
      left.assertStatus(204)
      const offAfterLeaving = await client
        .delete('/auth/two-factor/totp')
        .header('cookie', member.cookie)
      offAfterLeaving.assertStatus(204)
    })
  }
)
