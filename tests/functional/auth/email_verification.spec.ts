import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { UserFactory } from '#database/factories/user_factory'
import { resetDatabase } from '#tests/helpers/database'
import { sessionCookieFor, signedIn, signUp } from '#tests/helpers/accounts'
import { mailsTo, tokenLinkIn } from '#tests/helpers/mails'
import { smtpServer } from '#tests/helpers/smtp_server'
import { frontendUrl } from '#config/accounts'
import { EmailedToken } from '#services/accounts/emailed_token'

const SUBJECT = 'Confirm your email address'
const INVALID_TOKEN = {
  errors: [
    { message: 'The token is invalid or has expired', code: 'input.token.invalid', field: 'token' },
  ],
}

test.group('Auth email verification', (group) => {
  group.each.setup(async () => {
    await resetDatabase()
    smtpServer.reset()
  })

  test('signup sends a link whose token verifies the address once', async ({ client, assert }) => {
    const { id, cookie, response: signup } = await signUp(client)
    assert.isNull(signup.body().data.emailVerifiedAt)

    const [mail] = await mailsTo('ann@example.com', SUBJECT)
    const { url, token } = tokenLinkIn(mail)
    assert.equal(`${url.origin}${url.pathname}`, `${frontendUrl}/verify-email`)
    const [row] = await db.from('account_tokens')
    assert.equal(row.purpose, 'email_verification')
    assert.notInclude(JSON.stringify(row), token.split('.')[1])
    assert.closeTo((new Date(row.expires_at).getTime() - Date.now()) / 3_600_000, 24, 0.1)

    const verify = await client.post('/auth/email/verify').json({ token })
    verify.assertStatus(200)
    const { data } = verify.body()
    assert.deepEqual(Object.keys(data).sort(), [
      'email',
      'emailVerifiedAt',
      'fullName',
      'id',
      'locale',
    ])
    assert.equal(data.id, id)
    assert.match(data.emailVerifiedAt, /^\d{4}-\d\d-\d\dT.*Z$/)

    const me = await client.get('/auth/me').header('cookie', cookie)
    assert.equal(me.body().data.emailVerifiedAt, data.emailVerifiedAt)

    const again = await client.post('/auth/email/verify').json({ token })
    again.assertStatus(400)
    again.assertBody(INVALID_TOKEN)
  })

  test('resending voids the older link; expired and tampered links are refused', async ({
    client,
    assert,
  }) => {
    const { user, cookie } = await signedIn(client)
    for (let resend = 0; resend < 2; resend++) {
      const response = await client.post('/auth/email/verification').header('cookie', cookie)
      response.assertStatus(202)
    }
    const mails = await mailsTo(user.email, SUBJECT)
    assert.lengthOf(mails, 2)
    // Both are sent in the background and may arrive in either order; a token starts with its
    // row's v7 id, base64url-encoded (which does not keep the ids' order): decoded, the ids
    // sort in the order the tokens were issued.
    const issued = (token: string) => EmailedToken.identify(token).identifier
    const [first, second] = mails
      .map((mail) => tokenLinkIn(mail).token)
      .sort((a, b) => (issued(a) < issued(b) ? -1 : 1))

    const old = await client.post('/auth/email/verify').json({ token: first })
    old.assertBody(INVALID_TOKEN)
    const [id, secret] = second.split('.')
    const tampered = await client
      .post('/auth/email/verify')
      .json({ token: `${id}.${secret.slice(1)}A` })
    tampered.assertStatus(400)
    tampered.assertBody(INVALID_TOKEN)

    await db.from('account_tokens').update({ expires_at: new Date(Date.now() - 1000) })
    const expired = await client.post('/auth/email/verify').json({ token: second })
    expired.assertStatus(400)
    expired.assertBody(INVALID_TOKEN)
    const row = await db.from('users').where('id', user.id).firstOrFail()
    assert.isNull(row.email_verified_at)
  })

  test('a reset token does not verify, and a verification token does not reset', async ({
    client,
  }) => {
    const user = await UserFactory.create()
    await client.post('/auth/password/forgot').json({ email: user.email })
    const [reset] = await mailsTo(user.email, 'Reset your password')
    const response = await client
      .post('/auth/email/verify')
      .json({ token: tokenLinkIn(reset).token })
    response.assertStatus(400)
    response.assertBody(INVALID_TOKEN)

    const cookie = await sessionCookieFor(client, user)
    await client.post('/auth/email/verification').header('cookie', cookie)
    const [verification] = await mailsTo(user.email, SUBJECT)
    const asReset = await client
      .post('/auth/password/reset')
      .json({ token: tokenLinkIn(verification).token, password: 'a new password' })
    asReset.assertStatus(400)
    asReset.assertBody(INVALID_TOKEN)
  })

  test('resending needs a session, and is limited to 6 per hour', async ({ client, assert }) => {
    const anonymous = await client.post('/auth/email/verification')
    anonymous.assertStatus(401)

    const { user, cookie } = await signedIn(client)
    for (let resend = 0; resend < 6; resend++) {
      const response = await client.post('/auth/email/verification').header('cookie', cookie)
      response.assertStatus(202)
    }
    const refused = await client.post('/auth/email/verification').header('cookie', cookie)
    refused.assertStatus(429)
    refused.assertBodyContains({ errors: [{ code: 'common.rate_limit.exceeded' }] })
    assert.lengthOf(await mailsTo(user.email, SUBJECT), 6)
  })
})
