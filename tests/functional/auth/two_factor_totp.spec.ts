import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import encryption from '@adonisjs/core/services/encryption'
import { FACTORY_PASSWORD } from '#database/factories/user_factory'
import { resetDatabase } from '#tests/helpers/database'
import { signedIn } from '#tests/helpers/accounts'
import { loginBody } from '#tests/helpers/builders'
import { mailsTo } from '#tests/helpers/mails'
import { readMail } from '#tests/helpers/mime'
import { smtpServer } from '#tests/helpers/smtp_server'
import {
  enableTotp,
  finishLogin,
  startLogin,
  totpCode,
  userWithTotp,
  withTestClock,
} from '#tests/helpers/two_factor'

const WRONG_CODE = {
  errors: [
    {
      message: 'The code is not correct',
      code: 'input.code.invalid',
      field: 'code',
      rule: 'invalid',
    },
  ],
}

test.group('Auth two factors: authenticator app', (group) => {
  const time = withTestClock(group)
  group.each.setup(async () => {
    await resetDatabase()
    smtpServer.reset()
  })

  test('setup answers a secret and its otpauth URI; nothing is on until confirmed', async ({
    client,
    assert,
  }) => {
    const { user, cookie } = await signedIn(client, { email: 'ann@example.com' })

    const response = await client
      .post('/auth/two-factor/totp')
      .header('cookie', cookie)
      .json({ currentPassword: FACTORY_PASSWORD })

    response.assertStatus(201)
    const { secret, otpauthUri } = response.body().data
    assert.match(secret, /^[A-Z2-7]{32}$/)
    const uri = new URL(otpauthUri)
    assert.equal(uri.protocol, 'otpauth:')
    assert.equal(uri.host, 'totp')
    assert.include(decodeURIComponent(uri.pathname), 'ann@example.com')
    assert.equal(uri.searchParams.get('secret'), secret)
    assert.isNotEmpty(uri.searchParams.get('issuer'))

    // Stored encrypted with the app's key, for the TOTP purpose only.
    const row = await db.from('user_totp_secrets').where('user_id', user.id).firstOrFail()
    assert.notInclude(row.encrypted_secret, secret)
    assert.equal(encryption.decrypt(row.encrypted_secret, 'totp_secret'), secret)
    assert.isNull(row.confirmed_at)

    const status = await client.get('/auth/two-factor').header('cookie', cookie)
    status.assertBody({ data: { totp: false, passkeys: 0, recoveryCodesRemaining: 0 } })
    const login = await client.post('/auth/login').json(loginBody(user))
    login.assertStatus(200)
  })

  test('setup asks for the current password', async ({ client }) => {
    const { cookie } = await signedIn(client)
    const response = await client
      .post('/auth/two-factor/totp')
      .header('cookie', cookie)
      .json({ currentPassword: 'not the password' })
    response.assertStatus(400)
    response.assertBodyContains({ errors: [{ code: 'input.currentPassword.invalid' }] })
  })

  test('confirm turns it on and answers 10 recovery codes, stored only hashed; an email says so', async ({
    client,
    assert,
  }) => {
    const { user, cookie } = await signedIn(client, { email: 'ann@example.com' })
    const setup = await client
      .post('/auth/two-factor/totp')
      .header('cookie', cookie)
      .json({ currentPassword: FACTORY_PASSWORD })
    const { secret } = setup.body().data

    const response = await client
      .post('/auth/two-factor/totp/confirm')
      .header('cookie', cookie)
      .json({ code: await totpCode(secret, time.clock) })

    response.assertStatus(200)
    const codes: string[] = response.body().data.recoveryCodes
    assert.lengthOf(codes, 10)
    assert.lengthOf(new Set(codes), 10)
    for (const code of codes) assert.match(code, /^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/)
    const rows = await db.from('user_recovery_codes').where('user_id', user.id)
    assert.lengthOf(rows, 10)
    const stored = JSON.stringify(rows)
    for (const code of codes) {
      assert.notInclude(stored, code)
      assert.notInclude(stored, code.replaceAll('-', ''))
    }
    await db.from('users').where('id', user.id).where('two_factor_enabled', true).firstOrFail()

    const status = await client.get('/auth/two-factor').header('cookie', cookie)
    status.assertBody({ data: { totp: true, passkeys: 0, recoveryCodesRemaining: 10 } })

    const [mail] = await mailsTo('ann@example.com', 'Two-factor authentication is on')
    assert.exists(mail)
    assert.include(readMail(mail).text, 'a code from your authenticator app')
  })

  test('confirm refuses a wrong code with 400 input.code.invalid, and a code that is not six digits', async ({
    client,
    assert,
  }) => {
    const { user, cookie } = await signedIn(client)
    const setup = await client
      .post('/auth/two-factor/totp')
      .header('cookie', cookie)
      .json({ currentPassword: FACTORY_PASSWORD })
    const { secret } = setup.body().data
    const right = await totpCode(secret, time.clock)
    const wrong = right === '000000' ? '000001' : '000000'

    const refused = await client
      .post('/auth/two-factor/totp/confirm')
      .header('cookie', cookie)
      .json({ code: wrong })
    refused.assertStatus(400)
    refused.assertBody(WRONG_CODE)

    // Two steps away is beyond the tolerance of one step each way.
    const stale = await client
      .post('/auth/two-factor/totp/confirm')
      .header('cookie', cookie)
      .json({ code: await totpCode(secret, time.clock, -2) })
    stale.assertStatus(400)
    stale.assertBody(WRONG_CODE)

    for (const code of ['12345', '1234567', 'abcdef', 123456]) {
      const malformed = await client
        .post('/auth/two-factor/totp/confirm')
        .header('cookie', cookie)
        .json({ code })
      malformed.assertStatus(400)
      assert.equal(malformed.body().errors[0].field, 'code', String(code))
    }
    const shape = await client
      .post('/auth/two-factor/totp/confirm')
      .header('cookie', cookie)
      .json({ code: 'abcdef' })
    shape.assertBody({
      errors: [
        {
          message: 'The code field must be six digits',
          code: 'input.code.six_digits',
          field: 'code',
          rule: 'six_digits',
        },
      ],
    })

    await db.from('users').where('id', user.id).where('two_factor_enabled', false).firstOrFail()
    const status = await client.get('/auth/two-factor').header('cookie', cookie)
    status.assertBody({ data: { totp: false, passkeys: 0, recoveryCodesRemaining: 0 } })
  })

  test('a new setup replaces one not confirmed: the old secret no longer confirms', async ({
    client,
  }) => {
    const { cookie } = await signedIn(client)
    const first = await client
      .post('/auth/two-factor/totp')
      .header('cookie', cookie)
      .json({ currentPassword: FACTORY_PASSWORD })
    const second = await client
      .post('/auth/two-factor/totp')
      .header('cookie', cookie)
      .json({ currentPassword: FACTORY_PASSWORD })
    second.assertStatus(201)

    const old = await client
      .post('/auth/two-factor/totp/confirm')
      .header('cookie', cookie)
      .json({ code: await totpCode(first.body().data.secret, time.clock) })
    old.assertStatus(400)
    old.assertBody(WRONG_CODE)

    const current = await client
      .post('/auth/two-factor/totp/confirm')
      .header('cookie', cookie)
      .json({ code: await totpCode(second.body().data.secret, time.clock) })
    current.assertStatus(200)
  })

  test('confirm without a setup waiting, and setup while one is on, are 409', async ({
    client,
  }) => {
    const { cookie } = await signedIn(client)
    const nothing = await client
      .post('/auth/two-factor/totp/confirm')
      .header('cookie', cookie)
      .json({ code: '123456' })
    nothing.assertStatus(409)
    nothing.assertBody({
      errors: [
        {
          message: 'There is no authenticator app setup to confirm: start one first',
          code: 'common.resource.conflict',
        },
      ],
    })

    await enableTotp(client, cookie, time.clock)
    const again = await client
      .post('/auth/two-factor/totp')
      .header('cookie', cookie)
      .json({ currentPassword: FACTORY_PASSWORD })
    again.assertStatus(409)
    again.assertBody({
      errors: [
        {
          message: 'An authenticator app is already set up: turn it off first',
          code: 'common.resource.conflict',
        },
      ],
    })
  })

  test('removal deletes the secret and the recovery codes, turns the flag off and emails', async ({
    client,
    assert,
  }) => {
    const { user, cookie } = await userWithTotp(client, time.clock, { email: 'ann@example.com' })

    const response = await client.delete('/auth/two-factor/totp').header('cookie', cookie)

    response.assertStatus(204)
    assert.lengthOf(await db.from('user_totp_secrets').where('user_id', user.id), 0)
    assert.lengthOf(await db.from('user_recovery_codes').where('user_id', user.id), 0)
    await db.from('users').where('id', user.id).where('two_factor_enabled', false).firstOrFail()
    const [mail] = await mailsTo('ann@example.com', 'Two-factor authentication is off')
    assert.exists(mail)
    // The password alone signs in again.
    const login = await client.post('/auth/login').json(loginBody(user))
    login.assertStatus(200)
  })

  test('new recovery codes: the old ones die, the new ones work', async ({ client, assert }) => {
    const { user, cookie, recoveryCodes: old } = await userWithTotp(client, time.clock)

    const response = await client.post('/auth/two-factor/recovery-codes').header('cookie', cookie)

    response.assertStatus(200)
    const fresh: string[] = response.body().data.recoveryCodes
    assert.lengthOf(fresh, 10)
    assert.notIncludeMembers(fresh, old)
    assert.lengthOf(await db.from('user_recovery_codes').where('user_id', user.id), 10)

    const pending = await startLogin(client, user)
    const dead = await finishLogin(client, pending, { recoveryCode: old[0] })
    dead.assertStatus(401)
    dead.assertBodyContains({ errors: [{ code: 'auth.second_factor_invalid' }] })
    const works = await finishLogin(client, pending, { recoveryCode: fresh[0] })
    works.assertStatus(200)
  })

  test('recovery codes need an authenticator app: 409 without one', async ({ client }) => {
    const { cookie } = await signedIn(client)
    const response = await client.post('/auth/two-factor/recovery-codes').header('cookie', cookie)
    response.assertStatus(409)
    response.assertBodyContains({ errors: [{ code: 'common.resource.conflict' }] })
  })

  test('every route needs a session', async ({ client }) => {
    for (const response of [
      await client.get('/auth/two-factor'),
      await client.post('/auth/two-factor/totp').json({ currentPassword: FACTORY_PASSWORD }),
      await client.post('/auth/two-factor/totp/confirm').json({ code: '123456' }),
      await client.delete('/auth/two-factor/totp'),
      await client.post('/auth/two-factor/recovery-codes'),
      await client.post('/auth/reauthenticate').json({ password: FACTORY_PASSWORD }),
    ]) {
      response.assertStatus(401)
      response.assertBody({
        errors: [{ message: 'Unauthorized access', code: 'auth.unauthenticated' }],
      })
    }
  })

  test('in French: the emails and the messages', async ({ client, assert }) => {
    const { user, cookie } = await signedIn(client, { email: 'ann@example.com', locale: 'fr' })
    await enableTotp(client, cookie, time.clock)
    const again = await client
      .post('/auth/two-factor/totp')
      .header('cookie', cookie)
      .json({ currentPassword: FACTORY_PASSWORD })
    again.assertStatus(409)
    again.assertHeader('content-language', 'fr')
    again.assertBody({
      errors: [
        {
          message: 'Une application d’authentification est déjà configurée : désactivez-la d’abord',
          code: 'common.resource.conflict',
        },
      ],
    })
    const [on] = await mailsTo('ann@example.com', 'L’authentification à deux facteurs est activée')
    assert.exists(on)
    assert.include(readMail(on).html, 'lang="fr"')

    const disabled = await client.delete('/auth/two-factor/totp').header('cookie', cookie)
    disabled.assertStatus(204)
    const [off] = await mailsTo(
      'ann@example.com',
      'L’authentification à deux facteurs est désactivée'
    )
    assert.exists(off)
    assert.include(readMail(off).text, 'Bonjour,')
    await db.from('users').where('id', user.id).where('two_factor_enabled', false).firstOrFail()
  })
})
