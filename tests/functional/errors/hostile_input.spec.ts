import { gzipSync } from 'node:zlib'
import { test } from '@japa/runner'
import { resetDatabase } from '#tests/helpers/database'
import { rawRequest } from '#tests/helpers/raw_request'
import { memberWithOrganization } from '#tests/helpers/accounts'
import { eventsPath, fieldError } from '#tests/helpers/events'
import { signupBody } from '#tests/helpers/builders'

const JSON_TYPE = { 'content-type': 'application/json' }

/** A signup body whose deepest member sits `depth` containers down (the body itself is one). */
function signupNested(depth: number) {
  const nested = '['.repeat(depth - 1) + ']'.repeat(depth - 1)
  return `{"email":"ann@example.com","password":"correct horse","extra":${nested}}`
}

const TOO_DEEP = {
  errors: [
    {
      message: 'The request body is nested deeper than 64 levels',
      code: 'input.body.invalid_json',
    },
  ],
}

test.group('Hostile input', (group) => {
  group.each.setup(() => resetDatabase())

  test('a body nested 64 levels deep is read', async ({ assert, db }) => {
    const response = await rawRequest('POST', '/auth/signup', signupNested(64))

    assert.equal(response.status, 201)
    await db.assertCount('users', 1)
  })

  test('a body nested {depth} levels deep is a 400 and stores nothing')
    .with([{ depth: 65 }, { depth: 3000 }, { depth: 200_000 }])
    .run(async ({ assert, db }, { depth }) => {
      const response = await rawRequest('POST', '/auth/signup', signupNested(depth))

      assert.equal(response.status, 400)
      assert.deepEqual(response.body, TOO_DEEP)
      await db.assertCount('users', 0)
    })

  test('every string of a JSON body is trimmed, even where no validator trims', async ({
    assert,
  }) => {
    // A new password's rules do not trim it: the body's parsing does, for signup and login alike.
    const signup = await rawRequest(
      'POST',
      '/auth/signup',
      JSON.stringify({ email: 'ann@example.com', password: '  correct horse  ' })
    )
    assert.equal(signup.status, 201)

    const loginStatus = async (password: string) => {
      const body = JSON.stringify({ email: 'ann@example.com', password })
      const { status } = await rawRequest('POST', '/auth/login', body)
      return status
    }
    assert.equal(await loginStatus('correct horse'), 200)
    assert.equal(await loginStatus('\tcorrect horse\n'), 200)
    assert.equal(await loginStatus('correct  horse'), 400)
  })

  test('a gzip body is read', async ({ assert, db }) => {
    const body = gzipSync(JSON.stringify(signupBody()))

    const response = await rawRequest('POST', '/auth/signup', body, {
      ...JSON_TYPE,
      'content-encoding': 'gzip',
    })

    assert.equal(response.status, 201)
    await db.assertCount('users', 1)
  })

  test('a body that is not what its Content-Encoding says is a 400', async ({ assert, db }) => {
    const response = await rawRequest('POST', '/auth/signup', '{"email":"ann@example.com"}', {
      ...JSON_TYPE,
      'content-encoding': 'gzip',
    })

    assert.equal(response.status, 400)
    assert.deepEqual(response.body, {
      errors: [
        {
          message: 'The request body does not match its content encoding',
          code: 'input.body.unsupported_encoding',
        },
      ],
    })
    await db.assertCount('users', 0)
  })

  test('an unsupported Content-Encoding is a 415', async ({ assert, db }) => {
    const response = await rawRequest('POST', '/auth/signup', '{"email":"ann@example.com"}', {
      ...JSON_TYPE,
      'content-encoding': 'zstd-or-whatever',
    })

    assert.equal(response.status, 415)
    assert.deepEqual(response.body, {
      errors: [
        { message: 'Unsupported content encoding', code: 'input.body.unsupported_encoding' },
      ],
    })
    await db.assertCount('users', 0)
  })

  test('a lone surrogate in the newsletter email is the spec 422', async ({ assert, db }) => {
    const response = await rawRequest('POST', '/newsletter/subscribe', '{"email":"a\\ud800@b.co"}')

    assert.equal(response.status, 422)
    assert.deepEqual(response.body, {
      errors: [fieldError('email', 'email', 'The email field must be a valid email address')],
    })
    await db.assertCount('newsletter_contacts', 0)
  })

  test('{case} in a signup email is a 400 for the field')
    .with([
      {
        case: 'a lone surrogate',
        email: 'a\\udc00@b.co',
        rule: 'unicode',
        what: 'valid Unicode text',
      },
      { case: 'a NUL byte', email: 'a\\u0000@b.co', rule: 'no_nul', what: 'NUL characters' },
    ])
    .run(async ({ assert, db }, { email, rule }) => {
      const response = await rawRequest(
        'POST',
        '/auth/signup',
        `{"email":"${email}","password":"correct horse"}`
      )

      assert.equal(response.status, 400)
      assert.equal(response.body.errors.length, 1)
      assert.deepInclude(response.body.errors[0], { field: 'email', code: `input.email.${rule}` })
      await db.assertCount('users', 0)
    })

  test('prototype keys in metadata are dropped and pollute nothing', async ({ client, assert }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const body =
      '{"name":"Party","metadata":{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}},' +
      '"category":"birthday","guestCount":{"__proto__":{"min":5},"constructor":1,"approximate":3}}}'

    const response = await rawRequest('POST', eventsPath(organization.id), body, {
      ...JSON_TYPE,
      cookie,
    })

    assert.equal(response.status, 201)
    assert.deepEqual(response.body.data.metadata, {
      category: 'birthday',
      guestCount: { approximate: 3 },
    })
    assert.isUndefined(({} as { polluted?: unknown }).polluted)
  })
})
