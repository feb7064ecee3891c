import { test } from '@japa/runner'
import { resetDatabase } from '#tests/helpers/database'
import { smtpServer } from '#tests/helpers/smtp_server'
import { apiBaseUrl, builtClient } from '#tests/helpers/api_client'

const PASSWORD = 'a-long-password-1'

test.group('Typed client: from Node, as its README shows', (group) => {
  group.each.setup(async () => {
    await resetDatabase()
    smtpServer.reset()
  })

  test("Node's own fetch keeps no cookie: signed in, then 401", async ({ assert }) => {
    const { createApiClient, errorCodes } = await builtClient()
    const api = createApiClient({ baseUrl: apiBaseUrl() })

    const signup = await api.POST('/auth/signup', {
      body: { email: 'ann@example.com', password: PASSWORD },
    })
    assert.equal(signup.response.status, 201)
    const login = await api.POST('/auth/login', {
      body: { email: 'ann@example.com', password: PASSWORD },
    })
    assert.equal(login.response.status, 200)
    const me = await api.GET('/auth/me')
    assert.equal(me.response.status, 401)
    assert.deepEqual(errorCodes(me.error), ['auth.unauthenticated'])
  }).timeout(30_000)

  test('with createCookieFetch() the session is carried: sign in, work, sign out', async ({
    assert,
  }) => {
    const { createApiClient, createCookieFetch, errorCodes } = await builtClient()
    const signup = createApiClient({ baseUrl: apiBaseUrl() })
    await signup.POST('/auth/signup', { body: { email: 'ann@example.com', password: PASSWORD } })

    // The README's server-side use: the client's fetch keeps the session.
    const cookieFetch = createCookieFetch()
    const api = createApiClient({ baseUrl: apiBaseUrl(), fetch: cookieFetch })
    const login = await api.POST('/auth/login', {
      body: { email: 'ann@example.com', password: PASSWORD },
    })
    assert.equal(login.response.status, 200)
    const kept = cookieFetch.cookies.get(new URL(apiBaseUrl()).origin)
    assert.isTrue(kept?.has('session'))

    const me = await api.GET('/auth/me')
    assert.equal(me.response.status, 200)
    assert.equal(me.data!.data.email, 'ann@example.com')

    // An unsafe call from a server (no Origin, no Sec-Fetch-Site) passes the origin guard.
    const created = await api.POST('/organizations', { body: { name: 'Acme' } })
    assert.equal(created.response.status, 201)
    const organizationId = created.data!.data.id
    const event = await api.POST('/organizations/{organizationId}/events', {
      params: { path: { organizationId } },
      body: { name: 'Launch', status: 'PLANNED' },
    })
    assert.equal(event.response.status, 201)
    const list = await api.GET('/organizations/{organizationId}/events', {
      params: { path: { organizationId }, query: { status: ['PLANNED', 'COMPLETED'] } },
    })
    assert.deepEqual(
      list.data!.data.map((item) => item.name),
      ['Launch']
    )

    // Another jar is another user: nobody is signed in there.
    const stranger = createApiClient({ baseUrl: apiBaseUrl(), fetch: createCookieFetch() })
    const nobody = await stranger.GET('/auth/me')
    assert.equal(nobody.response.status, 401)

    const logout = await api.POST('/auth/logout')
    assert.equal(logout.response.status, 204)
    const after = await api.GET('/auth/me')
    assert.equal(after.response.status, 401)
    assert.deepEqual(errorCodes(after.error), ['auth.unauthenticated'])
  }).timeout(30_000)

  test('cookies go back to the origin that set them only, and expire when told', async ({
    assert,
  }) => {
    const { createCookieFetch } = await builtClient()
    const seen: { url: string; cookie: string | null }[] = []
    const answers: Record<string, string[]> = {
      'https://api.example.com/login': ['session=abc; Path=/; HttpOnly', 'lang=fr; Path=/'],
      'https://api.example.com/logout': ['session=; Max-Age=0; Path=/'],
      'https://api.example.com/old': ['lang=de; Expires=Thu, 01 Jan 1970 00:00:00 GMT'],
    }
    const cookieFetch = createCookieFetch(async (request) => {
      seen.push({ url: request.url, cookie: request.headers.get('cookie') })
      const headers = new Headers()
      for (const line of answers[request.url] ?? []) headers.append('set-cookie', line)
      return new Response(null, { status: 204, headers })
    })

    await cookieFetch(new Request('https://api.example.com/login', { method: 'POST' }))
    await cookieFetch(new Request('https://api.example.com/me'))
    await cookieFetch(new Request('https://other.example.com/me'))
    await cookieFetch(new Request('https://api.example.com/me', { headers: { cookie: 'own=1' } }))
    await cookieFetch(new Request('https://api.example.com/logout', { method: 'POST' }))
    await cookieFetch(new Request('https://api.example.com/old'))
    await cookieFetch(new Request('https://api.example.com/me'))

    assert.deepEqual(
      seen.map((item) => item.cookie),
      [
        null,
        'session=abc; lang=fr',
        null,
        'own=1; session=abc; lang=fr',
        'session=abc; lang=fr',
        'lang=fr',
        null,
      ]
    )
    assert.equal(cookieFetch.cookies.get('https://api.example.com')?.size, 0)
  })
})
