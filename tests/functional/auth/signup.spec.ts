import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { resetDatabase } from '#tests/helpers/database'
import { sessionCookieOf } from '#tests/helpers/accounts'
import { rawRequest } from '#tests/helpers/raw_request'
import { UUID_V7 } from '#tests/helpers/events'

const SIGNUP = { email: 'ann@example.com', password: 'correct horse', fullName: 'Ann Smith' }

test.group('Auth signup', (group) => {
  group.each.setup(() => resetDatabase())

  test('creates the account, logs it in and hashes the password', async ({ client, assert }) => {
    const response = await client
      .post('/auth/signup')
      .json({ ...SIGNUP, email: '  Ann@Example.COM ' })

    response.assertStatus(201)
    const { data } = response.body()
    assert.match(data.id, UUID_V7)
    assert.deepEqual(data, { id: data.id, email: 'ann@example.com', fullName: 'Ann Smith' })

    const setCookie = [response.headers()['set-cookie']].flat().join('\n')
    assert.match(setCookie, /session=[^;]+;.*HttpOnly/i)
    assert.match(setCookie, /session=[^;]+;.*SameSite=Lax/i)
    assert.match(setCookie, /session=[^;]+;.*Path=\//i)

    const me = await client
      .get('/auth/me')
      .header('cookie', sessionCookieOf(response.headers()['set-cookie']))
    me.assertBody({ data })

    const row = await db.from('users').where('id', data.id).firstOrFail()
    assert.equal(row.email, 'ann@example.com')
    assert.notEqual(row.password, SIGNUP.password)
    assert.match(row.password, /^\$scrypt\$/)
  })

  test('fullName is optional', async ({ client, assert }) => {
    const response = await client
      .post('/auth/signup')
      .json({ email: 'bob@example.com', password: 'abcdefgh' })

    response.assertStatus(201)
    assert.isNull(response.body().data.fullName)
  })

  test('answers 409 for an email already taken, in any case', async ({ client, db: database }) => {
    await client.post('/auth/signup').json(SIGNUP)

    const response = await client.post('/auth/signup').json({ ...SIGNUP, email: 'ANN@example.com' })

    response.assertStatus(409)
    response.assertBody({
      errors: [
        { message: 'An account with this email already exists', code: 'common.resource.conflict' },
      ],
    })
    await database.assertCount('users', 1)
  })

  test('8 concurrent signups with one email create one account', async ({ client, assert }) => {
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => client.post('/auth/signup').json(SIGNUP))
    )

    const statuses = responses.map((response) => response.status()).sort()
    assert.deepEqual(statuses, [201, ...Array(7).fill(409)])
    const rows = await db.from('users')
    assert.lengthOf(rows, 1)
  })

  test('accepts {case}')
    .with([
      { case: 'a password of 8 characters', body: { password: 'p'.repeat(8) } },
      { case: 'a password of 128 characters', body: { password: 'p'.repeat(128) } },
      { case: 'a fullName of 255 characters', body: { fullName: 'f'.repeat(255) } },
    ])
    .run(async ({ client }, { body }) => {
      const response = await client.post('/auth/signup').json({ ...SIGNUP, ...body })
      response.assertStatus(201)
    })

  test('answers 400 for {case}')
    .with([
      {
        case: 'a missing email',
        body: { email: undefined },
        error: {
          field: 'email',
          message: 'The email field is required',
          rule: 'required',
          code: 'input.email.required',
        },
      },
      {
        case: 'an invalid email',
        body: { email: 'ann' },
        error: {
          field: 'email',
          message: 'The email field must be a valid email address',
          rule: 'email',
          code: 'input.email.email',
        },
      },
      {
        case: 'a password of 7 characters',
        body: { password: 'p'.repeat(7) },
        error: {
          field: 'password',
          message: 'The password field must have at least 8 characters',
          rule: 'minLength',
          code: 'input.password.minLength',
        },
      },
      {
        case: 'a password of 129 characters',
        body: { password: 'p'.repeat(129) },
        error: {
          field: 'password',
          message: 'The password field must not be greater than 128 characters',
          rule: 'maxLength',
          code: 'input.password.maxLength',
        },
      },
      {
        case: 'a fullName of 256 characters',
        body: { fullName: 'f'.repeat(256) },
        error: {
          field: 'fullName',
          message: 'The fullName field must not be greater than 255 characters',
          rule: 'maxLength',
          code: 'input.fullName.maxLength',
        },
      },
      {
        case: 'a NUL character in fullName',
        body: { fullName: 'Ann\u0000' },
        error: {
          field: 'fullName',
          message: 'The fullName field must not contain NUL characters',
          rule: 'no_nul',
          code: 'input.fullName.no_nul',
        },
      },
    ])
    .run(async ({ client, db: database }, { body, error }) => {
      const response = await client.post('/auth/signup').json({ ...SIGNUP, ...body })

      response.assertStatus(400)
      response.assertBody({ errors: [error] })
      await database.assertCount('users', 0)
    })

  test('answers 400 for a body that is not a JSON object', async ({ assert }) => {
    const response = await rawRequest('POST', '/auth/signup', '"ann@example.com"')

    assert.equal(response.status, 400)
    assert.deepEqual(response.body, {
      errors: [
        { message: 'The request body must be a JSON object', code: 'input.body.invalid_json' },
      ],
    })
  })

  test('answers 415 for a body that is not JSON', async ({ assert }) => {
    const response = await rawRequest('POST', '/auth/signup', 'email=ann@example.com', {
      'content-type': 'application/x-www-form-urlencoded',
    })

    assert.equal(response.status, 415)
    assert.deepEqual(response.body, {
      errors: [
        {
          message: 'Content-Type must be application/json',
          code: 'input.body.unsupported_media_type',
        },
      ],
    })
  })
})
