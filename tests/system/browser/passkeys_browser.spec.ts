import { test } from '@japa/runner'
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import db from '@adonisjs/lucid/services/db'
import type { CDPSession } from 'playwright-core'
import { resetDatabase } from '#tests/helpers/database'
import { AppProcess } from '#tests/helpers/app_process'
import { clearLimits } from '#tests/helpers/accounts'
import { CHROMIUM, hasChromium, launchChromium, servePages } from '#tests/helpers/browser'

type Answer = { status: number; body: any; browserError?: string }

/** A credential as the DevTools Protocol's WebAuthn domain reads and writes it. */
type VirtualCredential = { credentialId: string; signCount: number; [key: string]: unknown }

/** @simplewebauthn/browser's UMD bundle (global `SimpleWebAuthnBrowser`), inlined in the page. */
async function browserBundle() {
  const entry = fileURLToPath(import.meta.resolve('@simplewebauthn/browser'))
  return readFile(new URL('../dist/bundle/index.umd.min.js', `file://${entry}`), 'utf8')
}

/**
 * The frontend's page: what a frontend does with the API's options, on its
 * own origin, with the session cookie (`credentials: 'include'`).
 */
function frontendPage(apiUrl: string, bundle: string) {
  return `<!doctype html><title>Frontend</title>
<script>${bundle}</script>
<script>
  const API = ${JSON.stringify(apiUrl)}
  window.call = async (path, method = 'GET', body) => {
    const response = await fetch(API + path, {
      method,
      credentials: 'include',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await response.text()
    return { status: response.status, body: text ? JSON.parse(text) : null }
  }
  window.addPasskey = async (name) => {
    const options = await call('/auth/passkeys/options', 'POST')
    const response = await SimpleWebAuthnBrowser.startRegistration({ optionsJSON: options.body.data })
    return call('/auth/passkeys', 'POST', name === undefined ? { response } : { response, name })
  }
  // No email: the browser offers the passkeys it holds for the relying party.
  window.signInWithPasskey = async (changes = {}) => {
    const options = await call('/auth/login/passkey/options', 'POST')
    let response
    try {
      response = await SimpleWebAuthnBrowser.startAuthentication({
        optionsJSON: { ...options.body.data, ...changes },
      })
    } catch (error) {
      return { status: 0, body: null, browserError: error.name }
    }
    return call('/auth/login/passkey', 'POST', { response })
  }
</script>`
}

/**
 * A platform authenticator (or a security key) with discoverable credentials
 * and user verification, unless `userVerification` is false: one that has none.
 */
async function addAuthenticator(
  cdp: CDPSession,
  transport: 'internal' | 'usb',
  userVerification = true
) {
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport,
      hasResidentKey: true,
      hasUserVerification: userVerification,
      isUserVerified: userVerification,
      automaticPresenceSimulation: true,
    },
  })
  return authenticatorId
}

async function credentialsOf(cdp: CDPSession, authenticatorId: string) {
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId })
  return credentials as unknown as VirtualCredential[]
}

/** Puts `credential` in `authenticatorId` as it is given (its counter included): a clone. */
async function putCredential(
  cdp: CDPSession,
  authenticatorId: string,
  credential: VirtualCredential
) {
  await cdp
    .send('WebAuthn.removeCredential', { authenticatorId, credentialId: credential.credentialId })
    .catch(() => {})
  await cdp.send('WebAuthn.addCredential', { authenticatorId, credential: credential as never })
}

async function storedCounter(name: string) {
  const row = await db.from('user_passkeys').where('name', name).firstOrFail()
  return Number(row.sign_count)
}

/**
 * Passkeys in Debian's Chromium with the DevTools Protocol's virtual
 * authenticators, driven by @simplewebauthn/browser on the frontend's own
 * origin (http://localhost:<page>; Chromium refuses WebAuthn on an IP
 * address), which is the relying party; the API is another origin
 * (http://localhost:<api>), trusted by CORS_ORIGINS.
 */
test.group('Passkeys in a real browser (Chromium)', (group) => {
  const closers: (() => Promise<unknown>)[] = []
  group.each.setup(() => resetDatabase())
  group.each.teardown(async () => {
    for (const close of closers.splice(0).reverse()) await close()
  })

  test('two passkeys added, listed, renamed, one removed; sign-in without an email; no user verification or a cloned counter refused', async ({
    assert,
  }) => {
    const pages: Record<string, string> = {}
    const frontend = await servePages('localhost', pages)
    closers.push(frontend.close)
    const api = await AppProcess.production({
      CORS_ORIGINS: frontend.origin,
      FRONTEND_URL: frontend.origin,
      WEBAUTHN_RP_ID: 'localhost',
      WEBAUTHN_ORIGINS: frontend.origin,
    })
    closers.push(() => api.kill())
    await api.start()
    pages['/'] = frontendPage(`http://localhost:${api.port}`, await browserBundle())

    const browser = await launchChromium()
    closers.push(browser.close)
    const page = await browser.context.newPage()
    await page.goto(`${frontend.origin}/`)
    const run = (expression: string) => page.evaluate(expression) as Promise<Answer>
    const statusOf = async (expression: string) => {
      const answer = await run(expression)
      return answer.status
    }
    const cdp = await browser.context.newCDPSession(page)
    await cdp.send('WebAuthn.enable', { enableUI: false })

    const signup = await run(
      `call('/auth/signup', 'POST', { email: 'ann@example.com', password: 'a-long-password-1' })`
    )
    assert.equal(signup.status, 201)

    // Two passkeys, one per authenticator: a laptop's, then a security key (unnamed).
    const laptop = await addAuthenticator(cdp, 'internal')
    const added = await run(`addPasskey('Laptop')`)
    assert.equal(added.status, 201, JSON.stringify(added.body))
    assert.equal(added.body.data.name, 'Laptop')
    const [laptopCredential] = await credentialsOf(cdp, laptop)
    await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId: laptop })

    const key = await addAuthenticator(cdp, 'usb')
    const second = await run(`addPasskey()`)
    assert.equal(second.status, 201, JSON.stringify(second.body))
    assert.match(second.body.data.name, /^Passkey \d{4}-\d\d-\d\d$/)
    const [keyCredential] = await credentialsOf(cdp, key)
    assert.isTrue(keyCredential.isResidentCredential as boolean)

    const listed = await run(`call('/auth/passkeys')`)
    assert.deepEqual(
      listed.body.data.map((passkey: { name: string }) => passkey.name),
      ['Laptop', second.body.data.name]
    )
    const renamed = await run(
      `call('/auth/passkeys/${second.body.data.id}', 'PATCH', { name: 'Security key' })`
    )
    assert.equal(renamed.status, 200)
    const removed = await run(`call('/auth/passkeys/${added.body.data.id}', 'DELETE')`)
    assert.equal(removed.status, 204)
    const remaining = await run(`call('/auth/passkeys')`)
    assert.deepEqual(
      remaining.body.data.map((passkey: { name: string }) => passkey.name),
      ['Security key']
    )
    assert.equal(await statusOf(`call('/auth/logout', 'POST')`), 204)

    // The removed passkey still sits in its authenticator: it signs nobody in.
    await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId: key })
    const laptopAgain = await addAuthenticator(cdp, 'internal')
    await putCredential(cdp, laptopAgain, laptopCredential)
    const refused = await run(`signInWithPasskey()`)
    assert.equal(refused.status, 401)
    assert.equal(refused.body.errors[0].code, 'auth.passkey_invalid')
    assert.equal(await statusOf(`call('/auth/me')`), 401)
    await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId: laptopAgain })

    // The security key signs in, no email typed.
    await clearLimits()
    const keyAgain = await addAuthenticator(cdp, 'usb')
    await putCredential(cdp, keyAgain, keyCredential)
    const signedIn = await run(`signInWithPasskey()`)
    assert.equal(signedIn.status, 200, JSON.stringify(signedIn.body))
    assert.equal(signedIn.body.data.email, 'ann@example.com')
    const me = await run(`call('/auth/me')`)
    assert.equal(me.status, 200)
    const counter = await storedCounter('Security key')
    assert.isAbove(counter, keyCredential.signCount)
    assert.equal(await statusOf(`call('/auth/logout', 'POST')`), 204)

    // A clone of the key as it was before that sign-in: its counter goes backwards.
    await putCredential(cdp, keyAgain, keyCredential)
    const cloned = await run(`signInWithPasskey()`)
    assert.equal(cloned.status, 401)
    assert.equal(cloned.body.errors[0].code, 'auth.passkey_invalid')
    assert.equal(await storedCounter('Security key'), counter)
    assert.equal(await statusOf(`call('/auth/me')`), 401)

    // User verification off: the browser refuses the options as given. A frontend that asks
    // for less, naming the credential, with a key that cannot verify the user, gets an
    // assertion without it, which the API refuses.
    await clearLimits()
    const [current] = await credentialsOf(cdp, keyAgain)
    await putCredential(cdp, keyAgain, { ...current, signCount: counter })
    await cdp.send('WebAuthn.setUserVerified', { authenticatorId: keyAgain, isUserVerified: false })
    const honest = await run(`signInWithPasskey({ timeout: 10000 })`)
    assert.equal(honest.status, 0)
    assert.equal(honest.browserError, 'NotAllowedError')
    await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId: keyAgain })

    const unverifying = await addAuthenticator(cdp, 'usb', false)
    await putCredential(cdp, unverifying, { ...current, signCount: counter })
    // Named, too: Chromium keeps a discoverable credential from an unverified request otherwise.
    const allowCredentials = [
      { id: Buffer.from(current.credentialId, 'base64').toString('base64url'), type: 'public-key' },
    ]
    const lax = await run(
      `signInWithPasskey({ userVerification: 'discouraged', allowCredentials: ${JSON.stringify(allowCredentials)} })`
    )
    assert.equal(lax.status, 401, JSON.stringify(lax))
    assert.equal(lax.body.errors[0].code, 'auth.passkey_invalid')
    assert.equal(await statusOf(`call('/auth/me')`), 401)
    assert.equal(await storedCounter('Security key'), counter)
    await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId: unverifying })

    // The same credential, user verified: signed in, the counter forward.
    const verifying = await addAuthenticator(cdp, 'usb')
    await putCredential(cdp, verifying, { ...current, signCount: counter })
    const verified = await run(`signInWithPasskey()`)
    assert.equal(verified.status, 200, JSON.stringify(verified.body))
    assert.isAbove(await storedCounter('Security key'), counter)
  })
    .timeout(120_000)
    .skip(
      !hasChromium,
      `No Chromium at ${CHROMIUM}: install Debian's (apt-get install -y chromium) to run the browser test`
    )
})
