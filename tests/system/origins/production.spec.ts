import { test } from '@japa/runner'
import { resetDatabase } from '#tests/helpers/database'
import { sessionCookieOf } from '#tests/helpers/accounts'
import { AppProcess, jsonRequest } from '#tests/helpers/app_process'

test.group('Browser clients: the production settings', (group) => {
  let api: AppProcess | undefined

  group.each.setup(() => resetDatabase())
  group.each.teardown(async () => {
    await api?.kill()
    api = undefined
  })

  test('a CORS_ORIGINS entry that is not an origin stops the server, named', async ({ assert }) => {
    for (const bad of [
      'https://app.example.com/path',
      'https://*.example.com',
      'app.example.com',
    ]) {
      api = await AppProcess.production({ CORS_ORIGINS: `https://ok.example.com, ${bad}` })
      await api.start({ waitFor: 'nothing' })
      assert.notEqual(await api.exited(), 0, bad)
      assert.include(api.output, `"${bad}" is not an origin`)
      assert.notInclude(api.output, '"https://ok.example.com"')
    }
  }).timeout(60_000)

  test('the session cookie is __Host-session: Secure, Path=/, no Domain; the guard holds', async ({
    assert,
  }) => {
    api = await AppProcess.production({ CORS_ORIGINS: 'https://app.example.com' })
    await api.start()

    const credentials = { email: 'ann@example.com', password: 'a-long-password-1' }
    const signup = await api.fetch(
      '/auth/signup',
      jsonRequest('POST', credentials, {
        'origin': 'https://app.example.com',
        'sec-fetch-site': 'same-site',
      })
    )
    assert.equal(signup.status, 201)
    const setCookie = signup.headers.getSetCookie().find((c) => c.includes('session=')) ?? ''
    assert.match(setCookie, /^__Host-session=/)
    const attributes = setCookie.split(';').map((part) => part.trim().toLowerCase())
    assert.includeMembers(attributes, ['secure', 'path=/', 'httponly', 'samesite=lax'])
    assert.isUndefined(attributes.find((attribute) => attribute.startsWith('domain')))
    const cookie = sessionCookieOf(signup.headers.getSetCookie())

    // A sibling's body-less POST with that cookie is refused; the session lives on.
    const logout = await api.fetch('/auth/logout', {
      method: 'POST',
      headers: { cookie, 'origin': 'https://www.example.com', 'sec-fetch-site': 'same-site' },
    })
    assert.equal(logout.status, 403)
    const refusal = (await logout.json()) as { errors: { code: string }[] }
    assert.equal(refusal.errors[0].code, 'auth.cross_origin_request')
    assert.deepEqual(logout.headers.getSetCookie(), [])
    assert.equal(await api.status('/auth/me', { headers: { cookie } }), 200)
    // The refusal is logged with the origin.
    const line = api.output.split('\n').find((l) => l.includes('cross-origin request refused'))
    assert.include(line, '"origin":"https://www.example.com"')
  }).timeout(60_000)
})
