import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import hash from '@adonisjs/core/services/hash'
import { resetDatabase } from '#tests/helpers/database'
import { sessionCookieOf } from '#tests/helpers/accounts'
import { rawRequest } from '#tests/helpers/raw_request'
import { UUID_V7 } from '#tests/helpers/events'
import { signupBody } from '#tests/helpers/builders'

const SIGNUP = signupBody({ fullName: 'Ann Smith' })

/** The response's `session` Set-Cookie line, with its attributes. */
function sessionSetCookie(setCookie: string | string[] | undefined) {
  return [setCookie ?? []].flat().find((cookie) => cookie.startsWith('session=')) ?? ''
}

test.group('Auth signup', (group) => {
  group.each.setup(() => resetDatabase())

  test('creates the account and answers it', async ({ client, assert, db: database }) => {
    const response = await client
      .post('/auth/signup')
      .json({ ...SIGNUP, email: '  Ann@Example.COM ' })

    response.assertStatus(201)
    const { data } = response.body()
    assert.match(data.id, UUID_V7)
    response.assertBody({
      data: {
        id: data.id,
        email: 'ann@example.com',
        fullName: 'Ann Smith',
        emailVerifiedAt: null,
        locale: null,
      },
    })
    await database.assertHas('users', {
      id: data.id,
      email: 'ann@example.com',
      full_name: 'Ann Smith',
    })
    await database.assertCount('users', 1)
  })

  test('stores the password hashed, never as given', async ({ client, assert }) => {
    const response = await client.post('/auth/signup').json(SIGNUP)

    response.assertStatus(201)
    const row = await db.from('users').where('id', response.body().data.id).firstOrFail()
    assert.notEqual(row.password, SIGNUP.password)
    assert.notInclude(row.password, SIGNUP.password)
    assert.isTrue(await hash.verify(row.password, SIGNUP.password))
  })

  test('sets an HttpOnly, SameSite=Lax session cookie for /', async ({ client, assert }) => {
    const response = await client.post('/auth/signup').json(SIGNUP)

    response.assertStatus(201)
    const attributes = sessionSetCookie(response.headers()['set-cookie'])
      .split(';')
      .map((part) => part.trim().toLowerCase())
    assert.match(attributes[0], /^session=.+/)
    assert.includeMembers(attributes, ['httponly', 'samesite=lax', 'path=/'])
  })

  test('logs the new user in', async ({ client }) => {
    const response = await client.post('/auth/signup').json(SIGNUP)
    response.assertStatus(201)

    const me = await client
      .get('/auth/me')
      .header('cookie', sessionCookieOf(response.headers()['set-cookie']))

    me.assertStatus(200)
    me.assertBody({ data: response.body().data })
  })

  test('fullName is optional, and null when not given', async ({ client, db: database }) => {
    const response = await client
      .post('/auth/signup')
      .json({ email: 'bob@example.com', password: 'abcdefgh' })

    response.assertStatus(201)
    response.assertBody({
      data: {
        id: response.body().data.id,
        email: 'bob@example.com',
        fullName: null,
        emailVerifiedAt: null,
        locale: null,
      },
    })
    await database.assertHas('users', { email: 'bob@example.com', full_name: null })
  })

  test('answers 409 for an email already taken, in another case', async ({
    client,
    db: database,
  }) => {
    const first = await client.post('/auth/signup').json(SIGNUP)
    first.assertStatus(201)

    const response = await client
      .post('/auth/signup')
      .json({ ...SIGNUP, email: ' ANN@example.com', fullName: 'Impostor' })

    response.assertStatus(409)
    response.assertBody({
      errors: [
        { message: 'An account with this email already exists', code: 'common.resource.conflict' },
      ],
    })
    await database.assertCount('users', 1)
    await database.assertHas('users', { email: 'ann@example.com', full_name: 'Ann Smith' })
  })

  test('10 concurrent signups with one email: one 201, nine 409, one account', async ({
    client,
    assert,
    db: database,
  }) => {
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => client.post('/auth/signup').json(SIGNUP))
    )

    const statuses = responses.map((response) => response.status()).sort()
    assert.deepEqual(statuses, [201, ...Array(9).fill(409)])
    for (const response of responses.filter((candidate) => candidate.status() === 409)) {
      response.assertBody({
        errors: [
          {
            message: 'An account with this email already exists',
            code: 'common.resource.conflict',
          },
        ],
      })
    }
    await database.assertCount('users', 1)
  })

  test('accepts {case}')
    .with([
      { case: 'a password of 8 characters', body: { password: 'p'.repeat(8) } },
      { case: 'a password of 128 characters', body: { password: 'p'.repeat(128) } },
      { case: 'a password of 128 emoji', body: { password: '🔑'.repeat(128) } },
      { case: 'a fullName of 255 characters', body: { fullName: 'f'.repeat(255) } },
      { case: 'a fullName of 255 emoji', body: { fullName: '😀'.repeat(255) } },
    ])
    .run(async ({ client, assert, db: database }, { body }) => {
      const signup = { ...SIGNUP, ...body }
      const response = await client.post('/auth/signup').json(signup)

      response.assertStatus(201)
      response.assertBody({
        data: {
          id: response.body().data.id,
          email: SIGNUP.email,
          fullName: signup.fullName,
          emailVerifiedAt: null,
          locale: null,
        },
      })
      await database.assertHas('users', { email: SIGNUP.email, full_name: signup.fullName })
      const row = await db.from('users').where('email', SIGNUP.email).firstOrFail()
      assert.isTrue(await hash.verify(row.password, signup.password))
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
        case: 'a missing password',
        body: { password: undefined },
        error: {
          field: 'password',
          message: 'The password field is required',
          rule: 'required',
          code: 'input.password.required',
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
        // 8 UTF-16 units, but 4 characters.
        case: 'a password of 4 emoji',
        body: { password: '🔑'.repeat(4) },
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
        body: { fullName: 'Ann\u0000Smith' },
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

  test('answers 400 for a body that is valid JSON but not an object: {case}')
    .with([
      { case: 'a string', body: '"ann@example.com"' },
      { case: 'an array', body: '[{"email":"ann@example.com"}]' },
      { case: 'null', body: 'null' },
    ])
    .run(async ({ assert, db: database }, { body }) => {
      const response = await rawRequest('POST', '/auth/signup', body)

      assert.equal(response.status, 400)
      assert.deepEqual(response.body, {
        errors: [
          { message: 'The request body must be a JSON object', code: 'input.body.invalid_json' },
        ],
      })
      await database.assertCount('users', 0)
    })

  test('answers 400 for a body that is not valid JSON', async ({ assert, db: database }) => {
    const response = await rawRequest('POST', '/auth/signup', '{"email": "ann@example.com",')

    assert.equal(response.status, 400)
    assert.deepEqual(response.body, {
      errors: [{ message: 'The request body is not valid JSON', code: 'input.body.invalid_json' }],
    })
    await database.assertCount('users', 0)
  })

  test('answers 415 for a body in another media type: {case}')
    .with([
      {
        case: 'a form',
        body: 'email=ann%40example.com&password=correct+horse',
        contentType: 'application/x-www-form-urlencoded',
      },
      { case: 'JSON sent as text/plain', body: JSON.stringify(SIGNUP), contentType: 'text/plain' },
    ])
    .run(async ({ assert, db: database }, { body, contentType }) => {
      const response = await rawRequest('POST', '/auth/signup', body, {
        'content-type': contentType,
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
      await database.assertCount('users', 0)
    })
})
