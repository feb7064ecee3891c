import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { setTimeout as sleep } from 'node:timers/promises'
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { generate } from 'otplib'
import { appKey } from '#config/app'
import { FACTORY_PASSWORD, UserFactory } from '#database/factories/user_factory'
import { OrganizationFactory } from '#database/factories/organization_factory'
import { appKeyOf } from '#helpers/app_keyring'
import { resetDatabase } from '#tests/helpers/database'
import { AppProcess, jsonRequest, testDatabaseUrl } from '#tests/helpers/app_process'
import { addMember, clearLimits, sessionCookieOf, signedIn } from '#tests/helpers/accounts'
import { TestClock, enableTotp, startLogin } from '#tests/helpers/two_factor'
import { eventsPath } from '#tests/helpers/events'
import { eventBody, loginBody } from '#tests/helpers/builders'
import { mailsTo, tokenLinkIn } from '#tests/helpers/mails'
import { subscribe, unsubscribePath } from '#tests/helpers/newsletter'
import { SoftAuthenticator, addPasskey } from '#tests/helpers/passkeys'
import { webauthn } from '#config/webauthn'
import { smtpServer } from '#tests/helpers/smtp_server'

const APP_ROOT = fileURLToPath(new URL('../../../', import.meta.url))

/** Key A is the test process's own APP_KEY: everything made in-process is made under it. */
const KEY_A = appKey.release()
const KEY_B = 'the-new-app-key-of-at-least-32-characters'

const SIGNED_OUT = { errors: [{ message: 'Unauthorized access', code: 'auth.unauthenticated' }] }
const INVALID_UNSUBSCRIBE_TOKEN = {
  errors: [
    {
      message: 'The unsubscribe link is invalid',
      code: 'input.token.invalid',
      field: 'token',
      rule: 'invalid',
    },
  ],
}
const INVALID_CURSOR = {
  errors: [
    {
      message: 'The cursor field is not a cursor this server issued',
      code: 'input.cursor.invalid',
      field: 'cursor',
      rule: 'invalid',
    },
  ],
}

/** `node ace <command>` against the test database with `keys`; its exit code and output. */
function ace(command: string[], keys: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['ace.js', ...command], {
      cwd: APP_ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        NODE_ENV: 'test',
        DATABASE_URL: testDatabaseUrl(),
        LOG_LEVEL: 'warn',
        ...keys,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    child.once('error', reject)
    child.once('close', (code) => resolve({ code, stdout, stderr }))
  })
}

/**
 * The authenticator app: a code of a time step the server accepts (one
 * step either side of its clock) and later than the last one spent.
 */
class Authenticator {
  constructor(
    private secret: string,
    private lastStep: number
  ) {}

  async code() {
    const nowStep = () => Math.floor(Date.now() / 30_000)
    const step = Math.max(this.lastStep + 1, nowStep() - 1)
    while (step > nowStep() + 1) await sleep(500)
    this.lastStep = step
    return generate({ secret: this.secret, epoch: step * 30 })
  }
}

/** An instance of the API with these keys, on the test database (the test's cookie name). */
async function instanceWith(keys: Record<string, string>) {
  const api = await AppProcess.production({
    NODE_ENV: 'test',
    // This process's relying party, so that its passkeys sign in there.
    WEBAUTHN_RP_ID: webauthn.rpId,
    WEBAUTHN_ORIGINS: webauthn.origins.join(','),
    ...keys,
  })
  await api.start()
  return api
}

async function answer(api: AppProcess, path: string, init: RequestInit = {}) {
  const response = await api.fetch(path, init)
  const text = await response.text()
  return {
    status: response.status,
    body: text ? JSON.parse(text) : null,
    cookie: response.headers.getSetCookie(),
  }
}

/** A password login on `api` for an account with a second factor: the pending login's cookie. */
async function pendingLoginOn(api: AppProcess, email: string) {
  const started = await answer(
    api,
    '/auth/login',
    jsonRequest('POST', loginBody({ email }, { password: FACTORY_PASSWORD }))
  )
  if (started.status !== 401) throw new Error(`login answered ${started.status}`)
  return sessionCookieOf(started.cookie)
}

function finishLoginOn(api: AppProcess, cookie: string, body: object) {
  return answer(api, '/auth/login/second-factor', jsonRequest('POST', body, { cookie }))
}

/** A passkey sign-in on `api`: the answer's status. */
async function passkeyLoginOn(api: AppProcess, authenticator: SoftAuthenticator, id: string) {
  const options = await answer(api, '/auth/login/passkey/options', { method: 'POST' })
  const response = authenticator.authenticate(id, options.body.data)
  const signedInWith = await answer(api, '/auth/login/passkey', jsonRequest('POST', { response }))
  return signedInWith.status
}

test.group('Secrets: the app key rotated under a live process', (group) => {
  group.each.setup(async () => {
    await resetDatabase()
    await db.from('app_keys').delete()
    smtpServer.reset()
    return async () => {
      await db.from('app_keys').delete()
    }
  })

  test('everything made under key A works beside key B, is moved to B, and what was signed with A alone is refused once A goes', async ({
    client,
    assert,
    cleanup,
  }) => {
    // --- Made under key A (this process's key).
    const { user, cookie: sessionA } = await signedIn(client)
    const clock = new TestClock()
    const { secret, recoveryCodes } = await enableTotp(client, sessionA, clock)
    const authenticator = new Authenticator(secret, Math.floor((clock.now() - 30_000) / 30_000))
    const pendingA = await startLogin(client, user)

    const organization = await OrganizationFactory.create()
    await addMember(organization, user, 'owner')
    for (const name of ['first', 'second']) {
      const created = await client
        .post(eventsPath(organization.id))
        .header('cookie', sessionA)
        .json(eventBody({ name }))
      created.assertStatus(201)
    }
    const firstPage = await client
      .get(`${eventsPath(organization.id)}?limit=1`)
      .header('cookie', sessionA)
    firstPage.assertStatus(200)
    const cursorA = firstPage.body().meta.nextCursor as string
    assert.isString(cursorA)

    const subscribed = await subscribe(client, 'reader@example.com')
    subscribed.assertStatus(201)
    const [welcome] = await mailsTo('reader@example.com', 'Welcome to our newsletter')
    const unsubscribeA = unsubscribePath(welcome)

    const resetUser = await UserFactory.create()
    const forgot = await client.post('/auth/password/forgot').json({ email: resetUser.email })
    forgot.assertStatus(202)
    const [resetMail] = await mailsTo(resetUser.email, 'Reset your password')
    const resetToken = tokenLinkIn(resetMail).token

    const passkeys = new SoftAuthenticator()
    const { cookie: passkeyOwner } = await signedIn(client)
    const { credentialId } = await addPasskey(client, passkeyOwner, passkeys)

    const invitee = await UserFactory.merge({ email: 'invitee@example.com' }).create()
    const invited = await client
      .post(`/organizations/${organization.id}/invitations`)
      .header('cookie', sessionA)
      .json({ email: invitee.email })
    invited.assertStatus(201)
    const [invitation] = await mailsTo(invitee.email, 'You are invited to join an organization')
    const invitationToken = tokenLinkIn(invitation).token

    // --- APP_KEY=B, APP_PREVIOUS_KEYS=A: every one still works.
    const both = { APP_KEY: KEY_B, APP_PREVIOUS_KEYS: KEY_A }
    let api = await instanceWith(both)
    cleanup(() => api.kill())

    const me = await answer(api, '/auth/me', { headers: { cookie: sessionA } })
    assert.equal(me.status, 200)
    assert.equal(me.body.data.id, user.id)

    const finished = await finishLoginOn(api, pendingA, { code: await authenticator.code() })
    assert.equal(finished.status, 200, JSON.stringify(finished.body))

    const withRecovery = await finishLoginOn(api, await pendingLoginOn(api, user.email), {
      recoveryCode: recoveryCodes[0],
    })
    assert.equal(withRecovery.status, 200, JSON.stringify(withRecovery.body))
    assert.equal(await passkeyLoginOn(api, passkeys, credentialId), 200)

    const page = await answer(api, `${eventsPath(organization.id)}?limit=1&cursor=${cursorA}`, {
      headers: { cookie: sessionA },
    })
    assert.equal(page.status, 200)
    assert.deepEqual(
      page.body.data.map((event: { name: string }) => event.name),
      [firstPage.body().data[0].name === 'first' ? 'second' : 'first']
    )

    const unsubscribePage = await answer(api, unsubscribeA, {
      headers: { accept: 'application/json' },
    })
    assert.equal(unsubscribePage.status, 200)
    assert.equal(unsubscribePage.body.data.subscribed, true)

    const reset = await answer(
      api,
      '/auth/password/reset',
      jsonRequest('POST', { token: resetToken, password: 'a brand new password' })
    )
    assert.equal(reset.status, 204, JSON.stringify(reset.body))

    // --- keys:rotate (the running instance works the job), then keys:status.
    const rotated = await ace(['keys:rotate', '--wait', '--timeout=60'], both)
    assert.equal(rotated.code, 0, rotated.stdout + rotated.stderr)
    const status = await ace(['keys:status', '--json'], both)
    assert.equal(status.code, 0, status.stderr)
    const figures = JSON.parse(status.stdout.trim().split('\n').at(-1)!)
    assert.lengthOf(figures.previous, 1)
    assert.equal(figures.previous[0].storedValues, 0)
    assert.isTrue(figures.previous[0].blindIndexKept)
    assert.equal(figures.unreadable, 0)
    // Signed just now with A: its sessions (7 days) can still arrive for about that long.
    assert.closeTo(figures.previous[0].arrivalsForSeconds, 7 * 86_400, 120)
    // The stored TOTP secret is now under B: B alone reads it, A no longer does.
    const stored = await db.from('user_totp_secrets').where('user_id', user.id).firstOrFail()
    assert.equal(appKeyOf(KEY_B).encryption.decrypt(stored.encrypted_secret, 'totp_secret'), secret)
    assert.isNull(appKeyOf(KEY_A).encryption.decrypt(stored.encrypted_secret, 'totp_secret'))

    // --- APP_KEY=B alone: the second factors still work; what only A signed is refused.
    await api.terminate()
    await clearLimits()
    api = await instanceWith({ APP_KEY: KEY_B })

    const totpLogin = await finishLoginOn(api, await pendingLoginOn(api, user.email), {
      code: await authenticator.code(),
    })
    assert.equal(totpLogin.status, 200, JSON.stringify(totpLogin.body))
    const recoveryLogin = await finishLoginOn(api, await pendingLoginOn(api, user.email), {
      recoveryCode: recoveryCodes[1],
    })
    assert.equal(recoveryLogin.status, 200, JSON.stringify(recoveryLogin.body))
    assert.equal(await passkeyLoginOn(api, passkeys, credentialId), 200)

    const signedOut = await answer(api, '/auth/me', { headers: { cookie: sessionA } })
    assert.deepEqual([signedOut.status, signedOut.body], [401, SIGNED_OUT])

    const oldLink = await answer(api, unsubscribeA, { headers: { accept: 'application/json' } })
    assert.deepEqual([oldLink.status, oldLink.body], [400, INVALID_UNSUBSCRIBE_TOKEN])

    const sessionB = sessionCookieOf(totpLogin.cookie)
    const oldCursor = await answer(
      api,
      `${eventsPath(organization.id)}?limit=1&cursor=${cursorA}`,
      { headers: { cookie: sessionB } }
    )
    assert.deepEqual([oldCursor.status, oldCursor.body], [400, INVALID_CURSOR])

    // The account links keep only a hash of their secret: they never depended on the key.
    const inviteeLogin = await answer(
      api,
      '/auth/login',
      jsonRequest('POST', loginBody(invitee, { password: FACTORY_PASSWORD }))
    )
    const inviteeSession = sessionCookieOf(inviteeLogin.cookie)
    const accepted = await answer(
      api,
      '/invitations/accept',
      jsonRequest('POST', { token: invitationToken }, { cookie: inviteeSession })
    )
    assert.equal(accepted.status, 200, JSON.stringify(accepted.body))
    assert.notMatch(api.output, /"level":50/)
  }).timeout(180_000)
})
