import { test } from '@japa/runner'
import { resetDatabase } from '#tests/helpers/database'
import { signedIn } from '#tests/helpers/accounts'

test.group('Auth me update', (group) => {
  group.each.setup(() => resetDatabase())

  test('changes the name and the language', async ({ client, db: database }) => {
    const { user, cookie } = await signedIn(client, { email: 'ann@example.com', fullName: 'Ann' })

    const response = await client
      .patch('/auth/me')
      .header('cookie', cookie)
      .json({ fullName: '  Ann Tremblay ', locale: 'fr' })

    response.assertStatus(200)
    response.assertBody({
      data: {
        id: user.id,
        email: 'ann@example.com',
        fullName: 'Ann Tremblay',
        emailVerifiedAt: null,
        locale: 'fr',
      },
    })
    await database.assertHas('users', { id: user.id, full_name: 'Ann Tremblay', locale: 'fr' })

    const me = await client.get('/auth/me').header('cookie', cookie)
    me.assertBodyContains({ data: { fullName: 'Ann Tremblay', locale: 'fr' } })
  })

  test('leaves out members alone and clears those sent as null', async ({
    client,
    db: database,
  }) => {
    const { user, cookie } = await signedIn(client, { fullName: 'Ann', locale: 'fr' })

    const onlyName = await client
      .patch('/auth/me')
      .header('cookie', cookie)
      .json({ fullName: 'Bo' })
    onlyName.assertStatus(200)
    onlyName.assertBodyContains({ data: { fullName: 'Bo', locale: 'fr' } })

    const nothing = await client.patch('/auth/me').header('cookie', cookie).json({})
    nothing.assertStatus(200)
    nothing.assertBodyContains({ data: { fullName: 'Bo', locale: 'fr' } })

    const cleared = await client
      .patch('/auth/me')
      .header('cookie', cookie)
      .json({ fullName: null, locale: null })
    cleared.assertStatus(200)
    cleared.assertBodyContains({ data: { fullName: null, locale: null } })
    await database.assertHas('users', { id: user.id, full_name: null, locale: null })
  })

  test('refuses a language that is not supported', async ({ client, db: database }) => {
    const { user, cookie } = await signedIn(client, { fullName: 'Ann' })

    const response = await client
      .patch('/auth/me')
      .header('cookie', cookie)
      .json({ fullName: 'Changed', locale: 'de' })

    response.assertStatus(400)
    response.assertBody({
      errors: [
        {
          message: 'The selected locale is invalid',
          code: 'input.locale.enum',
          field: 'locale',
          rule: 'enum',
        },
      ],
    })
    await database.assertHas('users', { id: user.id, full_name: 'Ann', locale: null })
  })

  test('refuses a name longer than 255 characters', async ({ client }) => {
    const { cookie } = await signedIn(client)

    const response = await client
      .patch('/auth/me')
      .header('cookie', cookie)
      .json({ fullName: 'x'.repeat(256) })

    response.assertStatus(400)
    response.assertBodyContains({
      errors: [{ code: 'input.fullName.maxLength', field: 'fullName', rule: 'maxLength' }],
    })
  })

  test('answers 401 without a session', async ({ client }) => {
    const response = await client.patch('/auth/me').json({ fullName: 'Ann' })

    response.assertStatus(401)
    response.assertBody({
      errors: [{ message: 'Unauthorized access', code: 'auth.unauthenticated' }],
    })
  })
})
