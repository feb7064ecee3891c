import { test } from '@japa/runner'
import { UserFactory } from '#database/factories/user_factory'
import { resetDatabase } from '#tests/helpers/database'
import { sessionCookieFor } from '#tests/helpers/accounts'
import { ISO_UTC, UUID_V7 } from '#tests/helpers/events'

test.group('Organizations create', (group) => {
  group.each.setup(() => resetDatabase())

  test('creates the organization with its creator as a member', async ({ client, assert, db }) => {
    const user = await UserFactory.create()
    const cookie = await sessionCookieFor(client, user)

    const response = await client
      .post('/organizations')
      .header('cookie', cookie)
      .json({ name: ' Acme ' })

    response.assertStatus(201)
    const { data } = response.body()
    assert.match(data.id, UUID_V7)
    assert.match(data.createdAt, ISO_UTC)
    assert.match(data.updatedAt, ISO_UTC)
    assert.deepEqual(data, {
      id: data.id,
      name: 'Acme',
      createdAt: data.createdAt,
      updatedAt: data.updatedAt,
    })
    await db.assertHas('organization_members', { organization_id: data.id, user_id: user.id })
  })

  test('accepts a name of 255 characters', async ({ client }) => {
    const cookie = await sessionCookieFor(client, await UserFactory.create())
    const response = await client
      .post('/organizations')
      .header('cookie', cookie)
      .json({ name: 'n'.repeat(255) })

    response.assertStatus(201)
  })

  test('answers 400 for {case}')
    .with([
      {
        case: 'a name of 256 characters',
        body: { name: 'n'.repeat(256) },
        error: {
          field: 'name',
          message: 'The name field must not be greater than 255 characters',
          rule: 'maxLength',
          code: 'input.name.maxLength',
        },
      },
      {
        case: 'a blank name',
        body: { name: '  ' },
        error: {
          field: 'name',
          message: 'The name field must have at least 1 characters',
          rule: 'minLength',
          code: 'input.name.minLength',
        },
      },
      {
        case: 'a missing name',
        body: {},
        error: {
          field: 'name',
          message: 'The name field is required',
          rule: 'required',
          code: 'input.name.required',
        },
      },
    ])
    .run(async ({ client, db }, { body, error }) => {
      const cookie = await sessionCookieFor(client, await UserFactory.create())
      const response = await client.post('/organizations').header('cookie', cookie).json(body)

      response.assertStatus(400)
      response.assertBody({ errors: [error] })
      await db.assertCount('organizations', 0)
    })

  test('answers 401 without a session', async ({ client, db }) => {
    const response = await client.post('/organizations').json({ name: 'Acme' })

    response.assertStatus(401)
    response.assertBody({
      errors: [{ message: 'Unauthorized access', code: 'auth.unauthenticated' }],
    })
    await db.assertCount('organizations', 0)
  })
})
