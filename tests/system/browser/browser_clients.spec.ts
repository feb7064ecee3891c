import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { resetDatabase } from '#tests/helpers/database'
import { AppProcess } from '#tests/helpers/app_process'
import { signUpOn } from '#tests/helpers/accounts'
import { signupBody } from '#tests/helpers/builders'
import { CHROMIUM, hasChromium, launchChromium, servePages } from '#tests/helpers/browser'

const PASSWORD = 'a-long-password-1'

/**
 * The origins, all on loopback. Browsers compute "site" from the scheme and
 * the host (never the port), and an IP address is its own site:
 * - the API: http://127.0.0.1:<api>
 * - the trusted frontend: http://127.0.0.1:<x>, listed in CORS_ORIGINS
 *   (same-site as the API: it gets the SameSite=Lax cookie);
 * - the sibling: http://127.0.0.1:<y>, not listed, yet also same-site, so
 *   its form posts and body-less POSTs carry the user's cookie: only the
 *   origin guard stops them;
 * - the cross-site page: http://localhost:<z> (another host, another site).
 */
test.group('Browser clients in a real browser (Chromium)', (group) => {
  const closers: (() => Promise<unknown>)[] = []
  group.each.setup(() => resetDatabase())
  group.each.teardown(async () => {
    for (const close of closers.splice(0).reverse()) await close()
  })

  test('the trusted frontend signs in and edits with If-Match; a sibling and a cross-site page change nothing', async ({
    assert,
  }) => {
    const frontendPages: Record<string, string> = {}
    const siblingPages: Record<string, string> = {}
    const crossSitePages: Record<string, string> = {}
    const frontend = await servePages('127.0.0.1', frontendPages)
    const sibling = await servePages('127.0.0.1', siblingPages)
    const crossSite = await servePages('localhost', crossSitePages)
    closers.push(frontend.close, sibling.close, crossSite.close)

    const api = await AppProcess.production({
      CORS_ORIGINS: frontend.origin,
      LOG_LEVEL: 'info',
    })
    closers.push(() => api.kill())
    await api.start()
    // The test database is the app's: an account to sign in with.
    await signUpOn(api, signupBody({ password: PASSWORD }))

    frontendPages['/'] = '<!doctype html><title>Frontend</title>'
    const browser = await launchChromium()
    closers.push(browser.close)
    const page = await browser.context.newPage()
    await page.goto(`${frontend.origin}/`)

    // The trusted frontend: signs in, creates, reads the ETag, edits with If-Match.
    const edited = await page.evaluate(
      async ({ apiUrl, password }) => {
        const call = async (path: string, method = 'GET', body?: unknown, headers = {}) => {
          const response = await fetch(`${apiUrl}${path}`, {
            method,
            credentials: 'include',
            headers:
              body === undefined ? headers : { 'content-type': 'application/json', ...headers },
            body: body === undefined ? undefined : JSON.stringify(body),
          })
          const text = await response.text()
          return {
            status: response.status,
            etag: response.headers.get('etag'),
            body: text ? JSON.parse(text) : null,
          }
        }
        const login = await call('/auth/login', 'POST', { email: 'ann@example.com', password })
        const organization = await call('/organizations', 'POST', { name: 'Acme' })
        const organizationId = organization.body.data.id
        const created = await call(`/organizations/${organizationId}/events`, 'POST', {
          name: 'Launch',
        })
        const eventPath = `/organizations/${organizationId}/events/${created.body.data.id}`
        const shown = await call(eventPath)
        const patched = await call(
          eventPath,
          'PATCH',
          { name: 'Launch, renamed' },
          { 'if-match': shown.etag }
        )
        const stale = await call(
          eventPath,
          'PATCH',
          { name: 'Lost update' },
          { 'if-match': shown.etag }
        )
        const listed = await call(
          `/organizations/${organizationId}/events?${new URLSearchParams({ status: 'BACKLOG,PLANNING' })}`
        )
        return {
          login: login.status,
          organizationId,
          eventId: created.body.data.id,
          etag: shown.etag,
          patched: patched.status,
          newEtag: patched.etag,
          stale: stale.status,
          staleCode: stale.body.errors[0].code,
          listed: listed.status,
          listedNames: listed.body.data.map((event: { name: string }) => event.name),
        }
      },
      { apiUrl: api.url, password: PASSWORD }
    )
    assert.equal(edited.login, 200)
    assert.match(String(edited.etag), /^"/)
    assert.equal(edited.patched, 200)
    assert.notEqual(edited.newEtag, edited.etag)
    assert.equal(edited.stale, 412)
    assert.equal(edited.staleCode, 'common.resource.precondition_failed')
    assert.equal(edited.listed, 200)
    assert.deepEqual(edited.listedNames, ['Launch, renamed'])
    const cookies = await browser.context.cookies(api.url)
    const sessionCookie = cookies.find((cookie) => cookie.name.endsWith('session'))!
    assert.equal(sessionCookie.name, '__Host-session')
    assert.isTrue(sessionCookie.secure)

    // The sibling (same-site, not trusted) auto-submits forms at the signed-in session.
    const { organizationId } = edited
    const autoSubmit = (action: string, enctype: string, fields: Record<string, string>) =>
      `<!doctype html><form method="post" action="${api.url}${action}" enctype="${enctype}">${Object.entries(
        fields
      )
        .map(([name, value]) => `<input type="hidden" name='${name}' value='${value}'>`)
        .join('')}</form><script>document.forms[0].submit()</script>`
    siblingPages['/urlencoded'] = autoSubmit(
      '/organizations',
      'application/x-www-form-urlencoded',
      { name: 'Planted by a form' }
    )
    siblingPages['/text-plain'] = autoSubmit(
      `/organizations/${organizationId}/events`,
      'text/plain',
      { '{"name":"Planted","x":"': '"}' }
    )
    siblingPages['/logout-form'] = autoSubmit(
      '/auth/logout',
      'application/x-www-form-urlencoded',
      {}
    )
    // Body-less POSTs (no-cors allows no other method): the cookie goes along, the answer is opaque.
    siblingPages['/no-cors'] = `<!doctype html><script>
      window.done = Promise.all(['/auth/logout', '/auth/email/verification'].map((path) =>
        fetch('${api.url}' + path, { method: 'POST', mode: 'no-cors', credentials: 'include' })
          .then((response) => response.type, (error) => String(error))))</script>`

    const answers: string[] = []
    for (const path of ['/urlencoded', '/text-plain', '/logout-form']) {
      const navigation = page.waitForURL((url) => url.href.startsWith(api.url))
      await page.goto(`${sibling.origin}${path}`)
      await navigation
      answers.push(await page.locator('body').innerText())
    }
    for (const answer of answers) {
      assert.equal(JSON.parse(answer).errors[0].code, 'auth.cross_origin_request')
    }
    await page.goto(`${sibling.origin}/no-cors`)
    assert.deepEqual(await page.evaluate('window.done'), ['opaque', 'opaque'])

    // Nothing changed: still signed in, nothing planted, nothing sent, the event intact.
    await page.goto(`${frontend.origin}/`)
    const me = await page.evaluate(
      (apiUrl) => fetch(`${apiUrl}/auth/me`, { credentials: 'include' }).then((r) => r.status),
      api.url
    )
    assert.equal(me, 200)
    const organizations = await db.from('organizations').select('name')
    assert.deepEqual(
      organizations.map((row) => row.name),
      ['Acme']
    )
    const events = await db.from('events').select('name')
    assert.deepEqual(
      events.map((row) => row.name),
      ['Launch, renamed']
    )
    const refusals = api.output
      .split('\n')
      .filter((line) => line.includes('cross-origin request refused'))
    assert.lengthOf(refusals, 5)
    for (const line of refusals) assert.include(line, `"origin":"${sibling.origin}"`)

    // A cross-site page's login form does not sign a signed-out browser in.
    const sessionCount = async () => {
      const [{ total }] = await db.from('sessions').count('* as total')
      return Number(total)
    }
    const sessionsBefore = await sessionCount()
    await browser.context.clearCookies()
    crossSitePages['/login'] = autoSubmit('/auth/login', 'text/plain', {
      [`{"email":"ann@example.com","password":"${PASSWORD}","x":"`]: '"}',
    })
    const navigation = page.waitForURL((url) => url.href.startsWith(api.url))
    await page.goto(`${crossSite.origin}/login`)
    await navigation
    assert.equal(
      JSON.parse(await page.locator('body').innerText()).errors[0].code,
      'auth.cross_origin_request'
    )
    assert.deepEqual(await browser.context.cookies(api.url), [])
    assert.equal(await sessionCount(), sessionsBefore)
  })
    .timeout(120_000)
    .skip(
      !hasChromium,
      `No Chromium at ${CHROMIUM}: install Debian's (apt-get install -y chromium) to run the browser test`
    )
})
