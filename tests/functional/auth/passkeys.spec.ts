import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { resetDatabase } from '#tests/helpers/database'
import { signedIn } from '#tests/helpers/accounts'
import { mailsTo } from '#tests/helpers/mails'
import { readMail } from '#tests/helpers/mime'
import { smtpServer } from '#tests/helpers/smtp_server'
import { addPasskey, SoftAuthenticator } from '#tests/helpers/passkeys'
import { webauthn } from '#config/webauthn'

const ADDED = 'A passkey was added to your account'
const REMOVED = 'A passkey was removed from your account'
const NOT_FOUND = { errors: [{ message: 'Resource not found', code: 'common.resource.not_found' }] }
const RESPONSE_INVALID = {
  errors: [
    {
      field: 'response',
      rule: 'invalid',
      code: 'input.response.invalid',
      message:
        'The response field is not a valid passkey registration for these options: ask for new options and try again',
    },
  ],
}

/** The account's two-factor flag, as stored. */
async function twoFactorEnabled(userId: string) {
  const row = await db.from('users').where('id', userId).select('two_factor_enabled').firstOrFail()
  return row.two_factor_enabled as boolean
}

async function rowsOf(table: string) {
  const [{ total }] = await db.from(table).count('* as total')
  return Number(total)
}

/** The user handle the options carry for an account: its UUID's bytes, base64url. */
const userHandleOf = (userId: string) =>
  Buffer.from(userId.replaceAll('-', ''), 'hex').toString('base64url')

test.group('Auth passkeys', (group) => {
  group.each.setup(async () => {
    await resetDatabase()
    smtpServer.reset()
  })

  test('registration options: the frontend as relying party, discoverable, user verification required, three algorithms', async ({
    client,
    assert,
  }) => {
    const { user, cookie } = await signedIn(client, { fullName: 'Ann Smith' })

    const response = await client.post('/auth/passkeys/options').header('cookie', cookie)

    response.assertStatus(200)
    const { data } = response.body()
    assert.deepEqual(data.rp, { name: 'Events', id: webauthn.rpId })
    assert.deepEqual(data.user, {
      id: userHandleOf(user.id),
      name: user.email,
      displayName: 'Ann Smith',
    })
    assert.deepEqual(data.authenticatorSelection, {
      residentKey: 'required',
      requireResidentKey: true,
      userVerification: 'required',
    })
    assert.deepEqual(
      data.pubKeyCredParams,
      [-8, -7, -257].map((alg) => ({ alg, type: 'public-key' }))
    )
    assert.equal(data.attestation, 'none')
    assert.equal(data.timeout, 300_000)
    assert.deepEqual(data.excludeCredentials, [])
    assert.match(data.challenge, /^[A-Za-z0-9_-]{43}$/)
    const [row] = await db
      .from('webauthn_challenges')
      .select(
        'user_id',
        'purpose',
        'challenge',
        db.raw('extract(epoch from expires_at - created_at)::int as ttl')
      )
    assert.deepEqual(row, {
      user_id: user.id,
      purpose: 'registration',
      challenge: data.challenge,
      ttl: 300,
    })
  })

  test('the options exclude the account’s passkeys, not another account’s', async ({
    client,
    assert,
  }) => {
    const ann = await signedIn(client)
    const bob = await signedIn(client)
    const { credentialId } = await addPasskey(client, ann.cookie, new SoftAuthenticator())
    await addPasskey(client, bob.cookie, new SoftAuthenticator())

    const response = await client.post('/auth/passkeys/options').header('cookie', ann.cookie)

    assert.deepEqual(response.body().data.excludeCredentials, [
      { id: credentialId, type: 'public-key', transports: ['internal'] },
    ])
  })

  test('adds a named passkey: 201, listed, two factors on, the account emailed', async ({
    client,
    assert,
  }) => {
    const { user, cookie } = await signedIn(client)
    assert.isFalse(await twoFactorEnabled(user.id))

    const { passkey, credentialId } = await addPasskey(
      client,
      cookie,
      new SoftAuthenticator(),
      '  Laptop  '
    )

    assert.deepEqual(Object.keys(passkey).sort(), [
      'backedUp',
      'createdAt',
      'deviceType',
      'id',
      'lastUsedAt',
      'name',
    ])
    assert.equal(passkey.name, 'Laptop')
    assert.isNull(passkey.lastUsedAt)
    assert.isFalse(passkey.backedUp)
    assert.equal(passkey.deviceType, 'singleDevice')
    assert.match(passkey.createdAt, /^\d{4}-\d\d-\d\dT.*Z$/)
    const row = await db.from('user_passkeys').where('id', passkey.id).firstOrFail()
    assert.equal(row.user_id, user.id)
    assert.equal(row.credential_id, credentialId)
    assert.equal(Number(row.sign_count), 0)
    assert.deepEqual(row.transports, ['internal'])
    assert.isTrue(await twoFactorEnabled(user.id))
    assert.equal(await rowsOf('webauthn_challenges'), 0)

    const list = await client.get('/auth/passkeys').header('cookie', cookie)
    list.assertStatus(200)
    list.assertBody({ data: [passkey] })

    const [mail] = await mailsTo(user.email, ADDED)
    assert.equal(
      readMail(mail).text.trim(),
      [
        'Hello,',
        'The passkey "Laptop" was added to your account: it can now sign in to it.',
        'If this was not you, remove it at once, change your password and tell us.',
      ].join('\n\n')
    )
  })

  test('without a name, a passkey is named after the day it was added', async ({
    client,
    assert,
  }) => {
    const { cookie } = await signedIn(client)

    const { passkey } = await addPasskey(client, cookie, new SoftAuthenticator())
    const { passkey: nulled } = await addPasskey(
      client,
      cookie,
      new SoftAuthenticator(),
      null as never
    )

    const day = DateTime.utc().toISODate()
    assert.equal(passkey.name, `Passkey ${day}`)
    assert.equal(nulled.name, `Passkey ${day}`)
  })

  test('several passkeys per account, listed oldest first, only the account’s own', async ({
    client,
    assert,
  }) => {
    const ann = await signedIn(client)
    const bob = await signedIn(client)
    const first = await addPasskey(client, ann.cookie, new SoftAuthenticator(), 'Laptop')
    await addPasskey(client, bob.cookie, new SoftAuthenticator(), 'Bob’s')
    const second = await addPasskey(client, ann.cookie, new SoftAuthenticator(), 'Phone')

    const list = await client.get('/auth/passkeys').header('cookie', ann.cookie)

    assert.deepEqual(
      list.body().data.map((passkey: { id: string }) => passkey.id),
      [first.passkey.id, second.passkey.id]
    )
  })

  test('a registration challenge is spent once, dies after 5 minutes, and is the account’s own', async ({
    client,
    assert,
  }) => {
    const ann = await signedIn(client)
    const bob = await signedIn(client)
    const authenticator = new SoftAuthenticator()

    const options = await client.post('/auth/passkeys/options').header('cookie', ann.cookie)
    const response = authenticator.register(options.body().data)
    const first = await client
      .post('/auth/passkeys')
      .header('cookie', ann.cookie)
      .json({ response })
    first.assertStatus(201)
    const again = await client
      .post('/auth/passkeys')
      .header('cookie', ann.cookie)
      .json({
        response: authenticator.register(options.body().data),
      })
    again.assertStatus(400)
    again.assertBody(RESPONSE_INVALID)

    const expiring = await client.post('/auth/passkeys/options').header('cookie', ann.cookie)
    await db
      .from('webauthn_challenges')
      .where('challenge', expiring.body().data.challenge)
      .update({ expires_at: db.raw(`now() - interval '1 second'`) })
    const expired = await client
      .post('/auth/passkeys')
      .header('cookie', ann.cookie)
      .json({ response: authenticator.register(expiring.body().data) })
    expired.assertStatus(400)
    expired.assertBody(RESPONSE_INVALID)

    // Bob's challenge, answered in Ann's session, adds nothing to either account.
    const bobs = await client.post('/auth/passkeys/options').header('cookie', bob.cookie)
    const crossed = await client
      .post('/auth/passkeys')
      .header('cookie', ann.cookie)
      .json({ response: authenticator.register(bobs.body().data) })
    crossed.assertStatus(400)
    crossed.assertBody(RESPONSE_INVALID)

    // A sign-in challenge does not add a passkey either.
    const login = await client.post('/auth/login/passkey/options')
    const purpose = await client
      .post('/auth/passkeys')
      .header('cookie', ann.cookie)
      .json({
        response: authenticator.register({ ...login.body().data, user: { id: 'AAAA' } }),
      })
    purpose.assertStatus(400)
    purpose.assertBody(RESPONSE_INVALID)

    assert.equal(await rowsOf('user_passkeys'), 1)
  })

  test('a response that does not verify is 400 input.response.invalid and adds nothing', async ({
    client,
    assert,
  }) => {
    const { user, cookie } = await signedIn(client)
    const authenticator = new SoftAuthenticator()
    const wrongs = [
      { origin: 'https://evil.example' },
      { rpId: 'evil.example' },
      { userVerified: false },
    ]
    for (const wrong of wrongs) {
      const options = await client.post('/auth/passkeys/options').header('cookie', cookie)
      const response = await client
        .post('/auth/passkeys')
        .header('cookie', cookie)
        .json({ response: authenticator.register(options.body().data, wrong) })
      response.assertStatus(400)
      response.assertBody(RESPONSE_INVALID)
    }
    assert.equal(await rowsOf('user_passkeys'), 0)
    assert.isFalse(await twoFactorEnabled(user.id))
    assert.lengthOf(await mailsTo(user.email, ADDED), 0)
  })

  test('a credential registered already is a 409, on the same account or another', async ({
    client,
  }) => {
    const ann = await signedIn(client)
    const bob = await signedIn(client)
    const authenticator = new SoftAuthenticator()
    const { credentialId } = await addPasskey(client, ann.cookie, authenticator)

    for (const { cookie } of [ann, bob]) {
      const options = await client.post('/auth/passkeys/options').header('cookie', cookie)
      const response = await client
        .post('/auth/passkeys')
        .header('cookie', cookie)
        .json({ response: authenticator.register(options.body().data, { reuse: credentialId }) })
      response.assertStatus(409)
      response.assertBody({
        errors: [
          { message: 'This passkey is already registered', code: 'common.resource.conflict' },
        ],
      })
    }
  })

  test('invalid bodies are 400 input.<field>.<rule>, hostile responses never a 500', async ({
    client,
    assert,
  }) => {
    const { cookie } = await signedIn(client)
    const options = await client.post('/auth/passkeys/options').header('cookie', cookie)
    const valid = new SoftAuthenticator().register(options.body().data)
    const garbage = Buffer.from('not json').toString('base64url')
    const cases: [unknown, string][] = [
      [{}, 'input.response.required'],
      [{ response: 'a-string' }, 'input.response.object'],
      [{ response: [valid] }, 'input.response.object'],
      [{ response: 42 }, 'input.response.object'],
      [{ response: null }, 'input.response.required'],
      [{ response: { ...valid, type: 'password' } }, 'input.response.type.enum'],
      [{ response: { ...valid, id: 'not base64url!' } }, 'input.response.id.regex'],
      [{ response: { ...valid, id: 'A'.repeat(1025) } }, 'input.response.id.maxLength'],
      [{ response: { ...valid, response: 'x' } }, 'input.response.response.object'],
      [
        { response: { ...valid, response: { clientDataJSON: valid.response.clientDataJSON } } },
        'input.response.response.attestationObject.required',
      ],
      [
        { response: { ...valid, response: { ...valid.response, clientDataJSON: { a: 1 } } } },
        'input.response.response.clientDataJSON.string',
      ],
      [
        { response: { ...valid, response: { ...valid.response, transports: 'usb' } } },
        'input.response.response.transports.array',
      ],
      [{ response: valid, name: '' }, 'input.name.minLength'],
      [{ response: valid, name: 'x'.repeat(65) }, 'input.name.maxLength'],
      [{ response: valid, name: 42 }, 'input.name.string'],
      [{ response: valid, name: 'a\u0000b' }, 'input.name.no_nul'],
      // Shaped right, but not WebAuthn inside.
      [
        { response: { ...valid, response: { ...valid.response, clientDataJSON: garbage } } },
        'input.response.invalid',
      ],
      [
        { response: { ...valid, response: { ...valid.response, attestationObject: garbage } } },
        'input.response.invalid',
      ],
      [
        {
          response: {
            ...valid,
            response: {
              ...valid.response,
              clientDataJSON: Buffer.from(JSON.stringify({ challenge: { $gt: '' } })).toString(
                'base64url'
              ),
            },
          },
        },
        'input.response.invalid',
      ],
    ]
    for (const [body, code] of cases) {
      const response = await client.post('/auth/passkeys').header('cookie', cookie).json(body)
      assert.equal(response.status(), 400, JSON.stringify(body).slice(0, 200))
      assert.equal(response.body().errors[0].code, code, JSON.stringify(body).slice(0, 200))
    }
    assert.equal(await rowsOf('user_passkeys'), 0)
  })

  test('renames a passkey; 64 characters at most; another account’s is a 404', async ({
    client,
    assert,
    db: tables,
  }) => {
    const ann = await signedIn(client)
    const bob = await signedIn(client)
    const { passkey } = await addPasskey(client, ann.cookie, new SoftAuthenticator(), 'Laptop')
    const { passkey: bobs } = await addPasskey(client, bob.cookie, new SoftAuthenticator(), 'Bob’s')

    const renamed = await client
      .patch(`/auth/passkeys/${passkey.id}`)
      .header('cookie', ann.cookie)
      .json({ name: 'é'.repeat(64) })

    renamed.assertStatus(200)
    renamed.assertBody({ data: { ...passkey, name: 'é'.repeat(64) } })

    const cases: [string, unknown, string][] = [
      [passkey.id, { name: 'x'.repeat(65) }, 'input.name.maxLength'],
      [passkey.id, { name: '   ' }, 'input.name.minLength'],
      [passkey.id, {}, 'input.name.required'],
      [passkey.id, { name: null }, 'input.name.required'],
      ['not-a-uuid', { name: 'Phone' }, 'input.id.uuid'],
    ]
    for (const [id, body, code] of cases) {
      const response = await client
        .patch(`/auth/passkeys/${id}`)
        .header('cookie', ann.cookie)
        .json(body as object)
      response.assertStatus(400)
      assert.equal(response.body().errors[0].code, code)
    }

    const others = await client
      .patch(`/auth/passkeys/${bobs.id}`)
      .header('cookie', ann.cookie)
      .json({ name: 'Mine now' })
    others.assertStatus(404)
    others.assertBody(NOT_FOUND)
    await tables.assertHas('user_passkeys', { id: bobs.id, name: 'Bob’s' })
  })

  test('removes a passkey: 204, two factors off with the last one, the account emailed each time', async ({
    client,
    assert,
    db: tables,
  }) => {
    const { user, cookie } = await signedIn(client)
    const { passkey: laptop } = await addPasskey(client, cookie, new SoftAuthenticator(), 'Laptop')
    const { passkey: phone } = await addPasskey(client, cookie, new SoftAuthenticator(), 'Phone')

    const first = await client.delete(`/auth/passkeys/${laptop.id}`).header('cookie', cookie)

    first.assertStatus(204)
    await tables.assertMissing('user_passkeys', { id: laptop.id })
    assert.isTrue(await twoFactorEnabled(user.id))
    const list = await client.get('/auth/passkeys').header('cookie', cookie)
    list.assertBody({ data: [phone] })

    const last = await client.delete(`/auth/passkeys/${phone.id}`).header('cookie', cookie)
    last.assertStatus(204)
    assert.isFalse(await twoFactorEnabled(user.id))

    const mails = await mailsTo(user.email, REMOVED)
    assert.lengthOf(mails, 2)
    assert.sameMembers(
      mails.map((mail) => readMail(mail).text.split('\n\n')[1]),
      [
        'The passkey "Laptop" was removed from your account: it can no longer sign in to it.',
        'The passkey "Phone" was removed from your account: it can no longer sign in to it.',
      ]
    )
    const again = await client.delete(`/auth/passkeys/${phone.id}`).header('cookie', cookie)
    again.assertStatus(404)
    again.assertBody(NOT_FOUND)
  })

  test('another account’s passkey is a 404 and stays; a non-UUID id is a 400', async ({
    client,
    assert,
    db: tables,
  }) => {
    const ann = await signedIn(client)
    const bob = await signedIn(client)
    const { passkey: bobs } = await addPasskey(client, bob.cookie, new SoftAuthenticator())

    const response = await client.delete(`/auth/passkeys/${bobs.id}`).header('cookie', ann.cookie)

    response.assertStatus(404)
    response.assertBody(NOT_FOUND)
    await tables.assertHas('user_passkeys', { id: bobs.id })
    assert.isTrue(await twoFactorEnabled(bob.user.id))
    assert.lengthOf(await mailsTo(bob.user.email, REMOVED), 0)

    const invalid = await client.delete('/auth/passkeys/not-a-uuid').header('cookie', ann.cookie)
    invalid.assertStatus(400)
    assert.equal(invalid.body().errors[0].code, 'input.id.uuid')
  })

  test('the account export holds the passkeys as listed, never a credential id or public key', async ({
    client,
    assert,
  }) => {
    const { cookie } = await signedIn(client)
    const { passkey, credentialId } = await addPasskey(
      client,
      cookie,
      new SoftAuthenticator(),
      'Laptop'
    )

    const response = await client.get('/auth/account/export').header('cookie', cookie)

    response.assertStatus(200)
    assert.deepEqual(response.body().data.passkeys, [passkey])
    const row = await db.from('user_passkeys').where('id', passkey.id).firstOrFail()
    const text = JSON.stringify(response.body())
    assert.notInclude(text, credentialId)
    assert.notInclude(text, Buffer.from(row.public_key).toString('base64url'))
    assert.notInclude(text, Buffer.from(row.public_key).toString('base64'))
  })

  test('every route of the account’s passkeys needs a session', async ({ client }) => {
    const id = '0195d1c2-7a3b-7c4d-8e5f-000000000000'
    const requests = [
      client.get('/auth/passkeys'),
      client.post('/auth/passkeys/options'),
      client.post('/auth/passkeys').json({}),
      client.patch(`/auth/passkeys/${id}`).json({ name: 'x' }),
      client.delete(`/auth/passkeys/${id}`),
    ]
    for (const request of requests) {
      const response = await request
      response.assertStatus(401)
      response.assertBody({
        errors: [{ message: 'Unauthorized access', code: 'auth.unauthenticated' }],
      })
    }
  })

  test('in French: the emails and the refusal', async ({ client, assert }) => {
    const { user, cookie } = await signedIn(client, { locale: 'fr' })
    const { passkey } = await addPasskey(client, cookie, new SoftAuthenticator(), 'Portable')
    await client.delete(`/auth/passkeys/${passkey.id}`).header('cookie', cookie)

    const [added] = await mailsTo(user.email, 'Une clé d’accès a été ajoutée à votre compte')
    assert.include(
      readMail(added).text,
      'La clé d’accès « Portable » a été ajoutée à votre compte : elle permet désormais de s’y connecter.'
    )
    assert.include(readMail(added).html, '<html lang="fr">')
    assert.lengthOf(await mailsTo(user.email, 'Une clé d’accès a été retirée de votre compte'), 1)

    const options = await client.post('/auth/passkeys/options').header('cookie', cookie)
    const refused = await client
      .post('/auth/passkeys')
      .header('cookie', cookie)
      .json({
        response: new SoftAuthenticator().register(options.body().data, { userVerified: false }),
      })
    refused.assertStatus(400)
    assert.equal(
      refused.body().errors[0].message,
      'Le champ réponse n’est pas un enregistrement de clé d’accès valide pour ces options : demandez de nouvelles options et réessayez'
    )
  })
})
