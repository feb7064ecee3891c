import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { FACTORY_PASSWORD, UserFactory } from '#database/factories/user_factory'
import { resetDatabase } from '#tests/helpers/database'
import { clearLimits, sessionCookieOf } from '#tests/helpers/accounts'
import { loginBody } from '#tests/helpers/builders'
import { mailsTo } from '#tests/helpers/mails'
import { readMail } from '#tests/helpers/mime'
import { smtpServer } from '#tests/helpers/smtp_server'
import {
  finishLogin,
  startLogin,
  totpCode,
  userWithTotp,
  withTestClock,
} from '#tests/helpers/two_factor'

const INVALID = {
  errors: [{ message: 'The code is not correct', code: 'auth.second_factor_invalid' }],
}

const EXPIRED = {
  errors: [
    {
      message:
        'There is no sign-in waiting for a second factor, or it has expired: sign in with your password again',
      code: 'auth.second_factor_expired',
    },
  ],
}

const TOO_MANY = {
  errors: [{ message: 'Too many requests', code: 'common.rate_limit.exceeded' }],
}

/** A six-digit code that is not `code`. */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

/** Rows of `sessions` that authenticate someone. */
async function signedInSessions() {
  const rows = await db.from('sessions').whereNotNull('user_id')
  return rows.length
}

test.group('Auth login with a second factor', (group) => {
  const time = withTestClock(group)
  group.each.setup(async () => {
    await resetDatabase()
    smtpServer.reset()
  })

  test('the password alone answers 401 auth.second_factor_required and signs nobody in', async ({
    client,
    assert,
  }) => {
    const { user } = await userWithTotp(client, time.clock)
    await db.from('sessions').delete()

    const response = await client.post('/auth/login').json(loginBody(user))

    response.assertStatus(401)
    response.assertBody({
      errors: [
        {
          message:
            'Enter a code from your authenticator app, a recovery code or use a passkey to finish signing in',
          code: 'auth.second_factor_required',
          meta: { methods: ['totp', 'recovery_code'] },
        },
      ],
    })
    const pending = sessionCookieOf(response.headers()['set-cookie'])
    const me = await client.get('/auth/me').header('cookie', pending)
    me.assertStatus(401)
    assert.equal(await signedInSessions(), 0)
    const [challenge] = await db.from('login_challenges').where('user_id', user.id)
    assert.equal(challenge.failed_attempts, 0)
    assert.isNull(challenge.completed_at)
    const lifetime = challenge.expires_at.getTime() - challenge.created_at.getTime()
    assert.closeTo(lifetime, 10 * 60 * 1000, 5000)
  })

  test('the code finishes it: the account, under a new session id', async ({ client, assert }) => {
    const { user, secret } = await userWithTotp(client, time.clock)
    const pending = await startLogin(client, user)

    const response = await finishLogin(client, pending, {
      code: await totpCode(secret, time.clock),
    })

    response.assertStatus(200)
    response.assertBody({
      data: {
        id: user.id,
        email: user.email,
        fullName: user.fullName,
        emailVerifiedAt: null,
        locale: null,
      },
    })
    const session = sessionCookieOf(response.headers()['set-cookie'])
    assert.notEqual(session, pending)
    const me = await client.get('/auth/me').header('cookie', session)
    me.assertStatus(200)
    const before = await client.get('/auth/me').header('cookie', pending)
    before.assertStatus(401)
    const [challenge] = await db.from('login_challenges').where('user_id', user.id)
    assert.isNotNull(challenge.completed_at)

    // The finished login cannot be finished again.
    const again = await finishLogin(client, pending, { code: await totpCode(secret, time.clock) })
    again.assertStatus(401)
    again.assertBody(EXPIRED)
  })

  test('a code is accepted once: the same code on a second login is refused', async ({
    client,
  }) => {
    const { user, secret } = await userWithTotp(client, time.clock)
    const code = await totpCode(secret, time.clock)
    const first = await finishLogin(client, await startLogin(client, user), { code })
    first.assertStatus(200)

    const second = await finishLogin(client, await startLogin(client, user), { code })

    second.assertStatus(401)
    second.assertBody(INVALID)
  })

  test('the previous step’s code is accepted, once; two steps back is not', async ({ client }) => {
    const { user, secret } = await userWithTotp(client, time.clock)
    // Two steps past the one that confirmed the authenticator.
    time.clock.advance(60)
    const old = await totpCode(secret, time.clock, -2)
    const previous = await totpCode(secret, time.clock, -1)

    const tooOld = await finishLogin(client, await startLogin(client, user), { code: old })
    tooOld.assertStatus(401)
    tooOld.assertBody(INVALID)

    const accepted = await finishLogin(client, await startLogin(client, user), { code: previous })
    accepted.assertStatus(200)

    const replayed = await finishLogin(client, await startLogin(client, user), { code: previous })
    replayed.assertStatus(401)
    replayed.assertBody(INVALID)
  })

  test('a code no newer than the last one used is refused: the next step’s, then the current', async ({
    client,
  }) => {
    const { user, secret } = await userWithTotp(client, time.clock)
    const next = await finishLogin(client, await startLogin(client, user), {
      code: await totpCode(secret, time.clock, 1),
    })
    next.assertStatus(200)

    const current = await finishLogin(client, await startLogin(client, user), {
      code: await totpCode(secret, time.clock),
    })
    current.assertStatus(401)
    current.assertBody(INVALID)
  })

  test('a code that is not six digits is a 400 naming code, and is not counted', async ({
    client,
    assert,
  }) => {
    const { user } = await userWithTotp(client, time.clock)
    const pending = await startLogin(client, user)

    for (const code of ['12345', '1234567', '12345a', '12 345', '', 123456, null]) {
      const response = await finishLogin(client, pending, { code })
      assert.equal(response.status(), 400, JSON.stringify(code))
      assert.equal(response.body().errors[0].field, 'code', JSON.stringify(code))
      assert.match(response.body().errors[0].code, /^input\.code\./)
    }
    const missing = await finishLogin(client, pending, {})
    missing.assertStatus(400)
    missing.assertBody({
      errors: [
        {
          message: 'The code field is required',
          code: 'input.code.required',
          field: 'code',
          rule: 'required',
        },
      ],
    })
    const [challenge] = await db.from('login_challenges').where('user_id', user.id)
    assert.equal(challenge.failed_attempts, 0)
  })

  test('one code in two parallel requests: exactly one 200', async ({ client, assert }) => {
    const { user, secret } = await userWithTotp(client, time.clock)
    await db.from('sessions').delete()
    const code = await totpCode(secret, time.clock)
    const [mine, theirs] = [await startLogin(client, user), await startLogin(client, user)]

    const answers = await Promise.all([
      finishLogin(client, mine, { code }),
      finishLogin(client, theirs, { code }),
    ])

    assert.sameMembers(
      answers.map((answer) => answer.status()),
      [200, 401]
    )
    assert.equal(await signedInSessions(), 1)
  })

  test('one code twice at once on the same pending login: exactly one 200', async ({
    client,
    assert,
  }) => {
    const { user, secret } = await userWithTotp(client, time.clock)
    await db.from('sessions').delete()
    const pending = await startLogin(client, user)
    const code = await totpCode(secret, time.clock)

    const answers = await Promise.all([
      finishLogin(client, pending, { code }),
      finishLogin(client, pending, { code }),
    ])

    assert.sameMembers(
      answers.map((answer) => answer.status()),
      [200, 401]
    )
    assert.equal(await signedInSessions(), 1)
  })

  test('a recovery code finishes it once, typed any way; the account is emailed', async ({
    client,
    assert,
  }) => {
    const { user, recoveryCodes } = await userWithTotp(client, time.clock, {
      email: 'ann@example.com',
    })
    const [code] = recoveryCodes

    const typed = ` ${code.toUpperCase().replaceAll('-', ' ')} `
    const response = await finishLogin(client, await startLogin(client, user), {
      recoveryCode: typed,
    })

    response.assertStatus(200)
    const spent = await db
      .from('user_recovery_codes')
      .where('user_id', user.id)
      .whereNotNull('used_at')
    assert.lengthOf(spent, 1)
    const again = await finishLogin(client, await startLogin(client, user), { recoveryCode: code })
    again.assertStatus(401)
    again.assertBody(INVALID)

    const [mail] = await mailsTo('ann@example.com', 'A recovery code was used')
    assert.exists(mail)
    assert.include(readMail(mail).text, 'Recovery codes left: 9.')
  })

  test('one recovery code in two parallel requests: exactly one 200', async ({
    client,
    assert,
  }) => {
    const { user, recoveryCodes } = await userWithTotp(client, time.clock)
    await db.from('sessions').delete()
    const [mine, theirs] = [await startLogin(client, user), await startLogin(client, user)]

    const answers = await Promise.all([
      finishLogin(client, mine, { recoveryCode: recoveryCodes[0] }),
      finishLogin(client, theirs, { recoveryCode: recoveryCodes[0] }),
    ])

    assert.sameMembers(
      answers.map((answer) => answer.status()),
      [200, 401]
    )
    assert.equal(await signedInSessions(), 1)
    const spent = await db
      .from('user_recovery_codes')
      .where('user_id', user.id)
      .whereNotNull('used_at')
    assert.lengthOf(spent, 1)
  })

  test('after 5 wrong codes the pending login is dead: the 6th attempt is a 429, even with the right code', async ({
    client,
    assert,
  }) => {
    const { user, secret } = await userWithTotp(client, time.clock)
    await db.from('sessions').delete()
    const pending = await startLogin(client, user)
    const right = await totpCode(secret, time.clock)

    for (let attempt = 1; attempt <= 5; attempt++) {
      const wrong = await finishLogin(client, pending, { code: otherThan(right) })
      wrong.assertStatus(401)
      wrong.assertBody(INVALID)
    }
    const sixth = await finishLogin(client, pending, { code: right })

    sixth.assertStatus(429)
    sixth.assertBody(TOO_MANY)
    const retryAfter = Number(sixth.header('retry-after'))
    assert.isAbove(retryAfter, 0)
    assert.isAtMost(retryAfter, 600)
    sixth.assertHeader('x-ratelimit-limit', '5')
    sixth.assertHeader('x-ratelimit-remaining', '0')
    const [challenge] = await db.from('login_challenges').where('user_id', user.id)
    assert.equal(challenge.failed_attempts, 5)
    assert.isNull(challenge.completed_at)
    assert.equal(await signedInSessions(), 0)

    // A new login (the password again) gets a new pending login.
    const fresh = await finishLogin(client, await startLogin(client, user), { code: right })
    fresh.assertStatus(200)
  })

  test('10 wrong codes in a row lock the account’s second factor for 15 minutes, then it ends', async ({
    client,
    assert,
  }) => {
    const { user, secret } = await userWithTotp(client, time.clock)
    const right = await totpCode(secret, time.clock)
    for (let login = 0; login < 2; login++) {
      const pending = await startLogin(client, user)
      for (let attempt = 0; attempt < 5; attempt++) {
        const wrong = await finishLogin(client, pending, { code: otherThan(right) })
        wrong.assertStatus(401)
      }
      // The anonymous API limit (10 a minute per IP) is not what this test is about.
      await clearLimits()
    }
    const locked = await db.from('users').where('id', user.id).firstOrFail()
    assert.isNotNull(locked.second_factor_locked_until)
    assert.equal(locked.second_factor_failures, 0)

    // A new pending login, the right code: still refused, and not counted.
    const pending = await startLogin(client, user)
    const refused = await finishLogin(client, pending, { code: right })
    refused.assertStatus(429)
    refused.assertBody(TOO_MANY)
    const retryAfter = Number(refused.header('retry-after'))
    assert.isAbove(retryAfter, 14 * 60)
    assert.isAtMost(retryAfter, 15 * 60)
    refused.assertHeader('x-ratelimit-limit', '10')
    refused.assertHeader('x-ratelimit-remaining', '0')
    const recovery = await finishLogin(client, pending, { recoveryCode: 'aaaa-bbbb-cccc' })
    recovery.assertStatus(429)
    const [challenge] = await db
      .from('login_challenges')
      .whereNull('completed_at')
      .orderBy('created_at', 'desc')
      .limit(1)
    assert.equal(challenge.failed_attempts, 0)
    const still = await db.from('users').where('id', user.id).firstOrFail()
    assert.equal(
      still.second_factor_locked_until.getTime(),
      locked.second_factor_locked_until.getTime()
    )

    // Fifteen minutes later (moved in the database), the right code works again.
    await db
      .from('users')
      .where('id', user.id)
      .update({ second_factor_locked_until: db.raw(`now() - interval '1 second'`) })
    const after = await finishLogin(client, pending, { code: right })
    after.assertStatus(200)
  })

  test('a success resets the wrong codes counted in a row', async ({ client, assert }) => {
    const { user, secret } = await userWithTotp(client, time.clock)
    const pending = await startLogin(client, user)
    const right = await totpCode(secret, time.clock)
    for (let attempt = 0; attempt < 4; attempt++) {
      const wrong = await finishLogin(client, pending, { code: otherThan(right) })
      wrong.assertStatus(401)
    }
    const counted = await db.from('users').where('id', user.id).firstOrFail()
    assert.equal(counted.second_factor_failures, 4)

    const response = await finishLogin(client, pending, { code: right })

    response.assertStatus(200)
    const reset = await db.from('users').where('id', user.id).firstOrFail()
    assert.equal(reset.second_factor_failures, 0)
  })

  test('no pending login, or one past its 10 minutes: 401 auth.second_factor_expired', async ({
    client,
  }) => {
    const { user, secret } = await userWithTotp(client, time.clock)
    const code = await totpCode(secret, time.clock)

    const none = await client.post('/auth/login/second-factor').json({ code })
    none.assertStatus(401)
    none.assertBody(EXPIRED)

    const pending = await startLogin(client, user)
    await db
      .from('login_challenges')
      .where('user_id', user.id)
      .update({ expires_at: db.raw(`now() - interval '1 second'`) })
    const expired = await finishLogin(client, pending, { code })
    expired.assertStatus(401)
    expired.assertBody(EXPIRED)
  })

  test('an account without a second factor signs in with the password, as before', async ({
    client,
    assert,
  }) => {
    const user = await UserFactory.create()
    const response = await client.post('/auth/login').json(loginBody(user))
    response.assertStatus(200)
    assert.lengthOf(await db.from('login_challenges'), 0)
  })

  test('a wrong password says nothing of the second factor', async ({ client, assert }) => {
    const { user } = await userWithTotp(client, time.clock)
    const response = await client
      .post('/auth/login')
      .json({ email: user.email, password: 'not the password' })
    response.assertStatus(400)
    response.assertBody({
      errors: [{ message: 'Invalid email or password', code: 'auth.invalid_credentials' }],
    })
    assert.lengthOf(await db.from('login_challenges'), 0)
  })

  test('in French: the 401 and its code', async ({ client }) => {
    const { user } = await userWithTotp(client, time.clock, { locale: 'fr' })
    const response = await client
      .post('/auth/login')
      .header('accept-language', 'fr-CA')
      .json({ email: user.email, password: FACTORY_PASSWORD })
    response.assertStatus(401)
    response.assertHeader('content-language', 'fr')
    response.assertBody({
      errors: [
        {
          message:
            'Entrez un code de votre application d’authentification, un code de récupération ou utilisez une clé d’accès pour terminer la connexion',
          code: 'auth.second_factor_required',
          meta: { methods: ['totp', 'recovery_code'] },
        },
      ],
    })
    const wrong = await client
      .post('/auth/login/second-factor')
      .header('cookie', sessionCookieOf(response.headers()['set-cookie']))
      .header('accept-language', 'fr-CA')
      .json({ code: 'abc' })
    wrong.assertStatus(400)
    wrong.assertBodyContains({
      errors: [
        { message: 'Le champ code doit contenir six chiffres', code: 'input.code.six_digits' },
      ],
    })
  })
})
