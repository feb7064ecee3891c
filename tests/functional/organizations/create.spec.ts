import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { resetDatabase } from '#tests/helpers/database'
import { signedIn } from '#tests/helpers/accounts'
import { rawRequest } from '#tests/helpers/raw_request'
import { ISO_UTC, UUID_V7 } from '#tests/helpers/events'

test.group('Organizations create', (group) => {
  group.each.setup(() => resetDatabase())

  test('creates the organization with its creator as its owner, and logs it', async ({
    client,
    assert,
    db: database,
  }) => {
    const { user, cookie } = await signedIn(client)

    const response = await client
      .post('/organizations')
      .header('cookie', cookie)
      .json({ name: ' Acme ' })

    response.assertStatus(201)
    const { data } = response.body()
    assert.match(data.id, UUID_V7)
    assert.match(data.createdAt, ISO_UTC)
    assert.match(data.updatedAt, ISO_UTC)
    response.assertBody({
      data: {
        id: data.id,
        name: 'Acme',
        role: 'owner',
        requireTwoFactor: false,
        createdAt: data.createdAt,
        updatedAt: data.updatedAt,
      },
    })

    const row = await db.from('organizations').where('id', data.id).firstOrFail()
    assert.equal(row.name, 'Acme')
    assert.equal(row.created_at.toISOString(), data.createdAt)
    assert.equal(row.updated_at.toISOString(), data.updatedAt)
    await database.assertCount('organizations', 1)
    await database.assertHas('organization_members', {
      organization_id: data.id,
      user_id: user.id,
      role: 'owner',
    })
    await database.assertCount('organization_members', 1)
    await database.assertHas('organization_audit_entries', {
      organization_id: data.id,
      action: 'organization.created',
      actor_id: user.id,
      actor_email: user.email,
      target_type: 'organization',
      target_id: data.id,
    })
    await database.assertCount('organization_audit_entries', 1)
  })

  test('the creator can read it back right away', async ({ client }) => {
    const { cookie } = await signedIn(client)
    const created = await client
      .post('/organizations')
      .header('cookie', cookie)
      .json({ name: 'Acme' })
    created.assertStatus(201)

    const response = await client
      .get(`/organizations/${created.body().data.id}`)
      .header('cookie', cookie)

    response.assertStatus(200)
    response.assertBody(created.body())
  })

  test('accepts a name of {case}')
    .with([
      { case: '1 character', name: 'A' },
      { case: '255 characters', name: 'n'.repeat(255) },
      { case: '255 emoji', name: '🏢'.repeat(255) },
    ])
    .run(async ({ client, db: database }, { name }) => {
      const { cookie } = await signedIn(client)

      const response = await client.post('/organizations').header('cookie', cookie).json({ name })

      response.assertStatus(201)
      const { data } = response.body()
      response.assertBody({
        data: {
          id: data.id,
          name,
          role: 'owner',
          requireTwoFactor: false,
          createdAt: data.createdAt,
          updatedAt: data.updatedAt,
        },
      })
      await database.assertHas('organizations', { id: data.id, name })
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
        case: 'an empty name',
        body: { name: '' },
        error: {
          field: 'name',
          message: 'The name field must have at least 1 characters',
          rule: 'minLength',
          code: 'input.name.minLength',
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
      {
        case: 'a null name',
        body: { name: null },
        error: {
          field: 'name',
          message: 'The name field is required',
          rule: 'required',
          code: 'input.name.required',
        },
      },
      {
        case: 'a name that is not a string',
        body: { name: 42 },
        error: {
          field: 'name',
          message: 'The name field must be a string',
          rule: 'string',
          code: 'input.name.string',
        },
      },
      {
        case: 'a NUL character in the name',
        body: { name: 'Ac\u0000me' },
        error: {
          field: 'name',
          message: 'The name field must not contain NUL characters',
          rule: 'no_nul',
          code: 'input.name.no_nul',
        },
      },
    ])
    .run(async ({ client, db: database }, { body, error }) => {
      const { cookie } = await signedIn(client)

      const response = await client.post('/organizations').header('cookie', cookie).json(body)

      response.assertStatus(400)
      response.assertBody({ errors: [error] })
      await database.assertCount('organizations', 0)
      await database.assertCount('organization_members', 0)
    })

  test('answers 400 for a body that is not a JSON object', async ({
    client,
    assert,
    db: database,
  }) => {
    const { cookie } = await signedIn(client)

    const response = await rawRequest('POST', '/organizations', '["Acme"]', {
      'content-type': 'application/json',
      cookie,
    })

    assert.equal(response.status, 400)
    assert.deepEqual(response.body, {
      errors: [
        { message: 'The request body must be a JSON object', code: 'input.body.invalid_json' },
      ],
    })
    await database.assertCount('organizations', 0)
  })

  test('answers 401 without a session, and writes nothing', async ({ client, db: database }) => {
    const response = await client.post('/organizations').json({ name: 'Acme' })

    response.assertStatus(401)
    response.assertBody({
      errors: [{ message: 'Unauthorized access', code: 'auth.unauthenticated' }],
    })
    await database.assertCount('organizations', 0)
  })
})
