import { generateKeyPairSync } from 'node:crypto'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { test } from '@japa/runner'
import { dkimVerify } from 'mailauth/lib/dkim/verify.js'
import { resetDatabase } from '#tests/helpers/database'
import { smtpServer, type ReceivedMail } from '#tests/helpers/smtp_server'
import { AppProcess, freePort, jsonRequest } from '#tests/helpers/app_process'
import { mailHeaders } from '#tests/helpers/newsletter'
import { UserFactory } from '#database/factories/user_factory'

const DOMAIN = 'events.test'
const SELECTOR = 'mail2026'

/**
 * A fresh key pair: the PEM the API signs with, and the TXT record a
 * receiver finds (for Ed25519, p= is the raw 32-byte key, RFC 8463).
 */
function dkimKeys(type: 'rsa' | 'ed25519' = 'rsa') {
  const { privateKey, publicKey } =
    type === 'rsa'
      ? generateKeyPairSync('rsa', { modulusLength: 2048 })
      : generateKeyPairSync('ed25519')
  const der = publicKey.export({ type: 'spki', format: 'der' })
  const p = (type === 'rsa' ? der : der.subarray(-32)).toString('base64')
  return {
    pem: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
    txt: `v=DKIM1; k=${type}; p=${p}`,
  }
}

/** Verifies `raw` as a receiver would, DNS answered with `txt` for the selector's name. */
async function verify(raw: string, txt: string) {
  const { results } = await dkimVerify(raw, {
    resolver: async (name: string, type: string) => {
      if (type === 'TXT' && name === `${SELECTOR}._domainkey.${DOMAIN}`) return [[txt]]
      throw Object.assign(new Error(`no ${type} record for ${name}`), { code: 'ENOTFOUND' })
    },
  })
  return results
}

/** The first email with `subject` the SMTP server receives within a few seconds. */
async function received(subject: string) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const mail = smtpServer.received.find((candidate) => candidate.subject === subject)
    if (mail) return mail
    await sleep(100)
  }
  throw new Error(`no email "${subject}" arrived`)
}

function signedFields(results: Awaited<ReturnType<typeof verify>>) {
  return (results[0].signingHeaders?.keys ?? '')
    .toLowerCase()
    .split(':')
    .map((field) => field.trim())
}

/** The message with its List-Unsubscribe header (folded or not) pointing somewhere else. */
function withTamperedUnsubscribe(mail: ReceivedMail) {
  const end = mail.raw.indexOf('\r\n\r\n')
  const head = mail.raw
    .slice(0, end)
    .replace(/(^List-Unsubscribe:(?:.|\r\n[ \t])*?token=)/im, '$1x')
  return head + mail.raw.slice(end)
}

test.group('Mail: DKIM signing and the headers mailbox providers expect', (group) => {
  let api: AppProcess | undefined

  group.each.setup(() => resetDatabase())
  group.each.setup(() => smtpServer.reset())
  group.each.teardown(async () => {
    await api?.kill()
    api = undefined
  })

  test('the welcome email verifies, its signature covers the one-click headers, and a tampered List-Unsubscribe fails', async ({
    assert,
  }) => {
    const keys = dkimKeys()
    api = await AppProcess.production({
      PUBLIC_URL: 'https://api.events.test',
      MAIL_DKIM_DOMAIN: DOMAIN,
      MAIL_DKIM_SELECTOR: SELECTOR,
      MAIL_DKIM_PRIVATE_KEY: keys.pem,
    })
    await api.start()

    const response = await api.fetch(
      '/newsletter/subscribe',
      jsonRequest('POST', { email: 'ann@example.com' })
    )
    assert.equal(response.status, 201)
    const mail = await received('Welcome to our newsletter')

    const results = await verify(mail.raw, keys.txt)
    assert.lengthOf(results, 1)
    assert.equal(results[0].status.result, 'pass')
    assert.equal(results[0].signingDomain, DOMAIN)
    assert.equal(results[0].selector, SELECTOR)
    assert.equal(results[0].algo, 'rsa-sha256')
    const fields = signedFields(results)
    for (const field of [
      'from',
      'to',
      'subject',
      'date',
      'message-id',
      'list-id',
      'list-unsubscribe',
      'list-unsubscribe-post',
    ]) {
      assert.include(fields, field)
    }

    const headers = mailHeaders(mail)
    assert.equal(headers.get('list-id'), '"Newsletter" <newsletter.api.events.test>')
    assert.match(headers.get('message-id')!, /^<[^@\s]+@events\.test>$/)
    assert.match(mail.raw, /Content-Type: multipart\/alternative/)
    assert.match(mail.raw, /Content-Type: text\/plain/)
    assert.match(mail.raw, /Content-Type: text\/html/)

    const tampered = await verify(withTamperedUnsubscribe(mail), keys.txt)
    assert.notEqual(withTamperedUnsubscribe(mail), mail.raw)
    assert.equal(tampered[0].status.result, 'fail')
  }).timeout(60_000)

  test('an account email (password reset) verifies, with the key given as a file', async ({
    assert,
  }) => {
    const keys = dkimKeys()
    const directory = await mkdtemp(join(tmpdir(), 'dkim-'))
    const keyFile = join(directory, 'dkim.pem')
    await writeFile(keyFile, keys.pem, { mode: 0o600 })
    api = await AppProcess.production({
      MAIL_DKIM_DOMAIN: DOMAIN,
      MAIL_DKIM_SELECTOR: SELECTOR,
      MAIL_DKIM_PRIVATE_KEY_FILE: keyFile,
    })
    await api.start()
    const user = await UserFactory.create()

    const response = await api.fetch(
      '/auth/password/forgot',
      jsonRequest('POST', { email: user.email })
    )
    assert.equal(response.status, 202)
    const mail = await received('Reset your password')

    const results = await verify(mail.raw, keys.txt)
    assert.equal(results[0].status.result, 'pass')
    const fields = signedFields(results)
    for (const field of ['from', 'to', 'subject', 'date', 'message-id']) {
      assert.include(fields, field)
    }
    assert.match(mailHeaders(mail).get('message-id')!, /^<[^@\s]+@events\.test>$/)
    assert.match(mail.raw, /Content-Type: text\/plain/)
    assert.match(mail.raw, /Content-Type: text\/html/)

    // Changing what a receiver shows (the subject) breaks the signature.
    const tampered = mail.raw.replace(/^Subject: .*$/m, 'Subject: Your account is locked')
    const [tamperedResult] = await verify(tampered, keys.txt)
    assert.equal(tamperedResult.status.result, 'fail')
  }).timeout(60_000)

  test('an Ed25519 key signs ed25519-sha256, which verifies (RFC 8463)', async ({ assert }) => {
    const keys = dkimKeys('ed25519')
    api = await AppProcess.production({
      MAIL_DKIM_DOMAIN: DOMAIN,
      MAIL_DKIM_SELECTOR: SELECTOR,
      MAIL_DKIM_PRIVATE_KEY: keys.pem,
    })
    await api.start()

    const response = await api.fetch(
      '/newsletter/subscribe',
      jsonRequest('POST', { email: 'ann@example.com' })
    )
    assert.equal(response.status, 201)
    const mail = await received('Welcome to our newsletter')

    const results = await verify(mail.raw, keys.txt)
    assert.equal(results[0].status.result, 'pass')
    assert.equal(results[0].algo, 'ed25519-sha256')
    assert.includeMembers(signedFields(results), ['list-unsubscribe', 'list-unsubscribe-post'])
    const [tampered] = await verify(withTamperedUnsubscribe(mail), keys.txt)
    assert.equal(tampered.status.result, 'fail')
  }).timeout(60_000)

  test('a DKIM key the server cannot use stops it at boot, naming the variable', async ({
    assert,
  }) => {
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString()
    const cases: { environment: Record<string, string>; says: string }[] = [
      {
        environment: { MAIL_DKIM_PRIVATE_KEY: 'not a key' },
        says: 'MAIL_DKIM_PRIVATE_KEY is not a private key in PEM format',
      },
      {
        environment: { MAIL_DKIM_PRIVATE_KEY: ec },
        says: 'MAIL_DKIM_PRIVATE_KEY must be an RSA or Ed25519 private key, not ec',
      },
      {
        environment: { MAIL_DKIM_PRIVATE_KEY_FILE: '/nonexistent/dkim.pem' },
        says: 'MAIL_DKIM_PRIVATE_KEY_FILE cannot be read',
      },
      {
        environment: { MAIL_DKIM_SELECTOR: '', MAIL_DKIM_PRIVATE_KEY: dkimKeys().pem },
        says: 'MAIL_DKIM_SELECTOR must be set to sign email with DKIM',
      },
    ]
    for (const { environment, says } of cases) {
      const production = await AppProcess.production({
        MAIL_DKIM_DOMAIN: DOMAIN,
        MAIL_DKIM_SELECTOR: SELECTOR,
        PORT: String(await freePort()),
        ...environment,
      })
      await production.start({ waitFor: 'nothing' })
      assert.equal(await production.exited(), 1, production.output)
      assert.include(production.output, says)
    }
  }).timeout(90_000)
})
