import app from '@adonisjs/core/services/app'
import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import ace from '@adonisjs/core/services/ace'
import encryption from '@adonisjs/core/services/encryption'
import { v7 as uuidv7 } from 'uuid'
import NewsletterErase from '#commands/newsletter_erase'
import ConfirmationToken from '#services/newsletter/confirmation_token'
import { AppProcess, jsonRequest } from '#tests/helpers/app_process'
import { appKey } from '#config/app'
import { resetDatabase } from '#tests/helpers/database'
import { smtpServer, type ReceivedMail } from '#tests/helpers/smtp_server'
import { withTestClock } from '#tests/helpers/two_factor'
import { signedIn } from '#tests/helpers/accounts'
import { metricValue } from '#tests/helpers/metrics'
import { readMail } from '#tests/helpers/mime'
import {
  confirmationPath,
  confirmationTokenOf,
  confirmationUrl,
  mailHeaders,
  unsubscribePath,
  withDoubleOptIn,
} from '#tests/helpers/newsletter'

const CHECK_INBOX = { messages: [{ title: 'Check your inbox to confirm your subscription.' }] }
const CONFIRMED = { messages: [{ title: 'Your subscription to the newsletter is confirmed.' }] }
const INVALID_LINK = {
  errors: [
    {
      field: 'token',
      message: 'The confirmation link is invalid or has expired',
      rule: 'invalid',
      code: 'input.token.invalid',
    },
  ],
}
const CONFIRMATION_SUBJECT = 'Confirm your subscription to our newsletter'
const WELCOME_SUBJECT = 'Welcome to our newsletter'

function contactOf(email: string) {
  return db.from('newsletter_contacts').where('email', email).firstOrFail()
}

async function columnOf(email: string, column: string) {
  const contact = await contactOf(email)
  return contact[column]
}

function statusOf(email: string) {
  return columnOf(email, 'status')
}

function subjects() {
  return smtpServer.received.map((mail) => readMail(mail).subject)
}

function subscribe(client: ApiClient, email = 'ann@example.com') {
  return client.post('/newsletter/subscribe').json({ email })
}

/** The email's text and HTML parts: what the recipient reads. */
function readableParts(mail: ReceivedMail) {
  const { text, html } = readMail(mail)
  return `${text}\n${html}`
}

/** Subscribes `email` and answers its confirmation email. */
async function requested(client: ApiClient, email = 'ann@example.com') {
  const response = await subscribe(client, email)
  response.assertStatus(202)
  return smtpServer.received.at(-1)!
}

/** Subscribes and confirms `email`: its welcome email. */
async function confirmed(client: ApiClient, email = 'ann@example.com') {
  const mail = await requested(client, email)
  const response = await client
    .post('/newsletter/confirm')
    .json({ token: confirmationTokenOf(mail) })
  response.assertStatus(200)
  return smtpServer.received.at(-1)!
}

test.group('Newsletter double opt-in', (group) => {
  const time = withTestClock(group)
  const doubleOptIn = withDoubleOptIn(group)
  group.each.setup(() => resetDatabase())
  group.each.setup(() => smtpServer.reset())

  test('a new address: 202, an unconfirmed contact, one confirmation email and no welcome', async ({
    client,
    assert,
  }) => {
    const submittedAt = time.clock.now()
    const response = await client
      .post('/newsletter/subscribe')
      .header('user-agent', 'Mozilla/5.0 Firefox/140.0')
      .header('referer', 'https://events.example/blog')
      .json({ email: 'buy-cheap-pills@example.com' })

    response.assertStatus(202)
    response.assertBody(CHECK_INBOX)
    assert.deepEqual(subjects(), [CONFIRMATION_SUBJECT])
    const [mail] = smtpServer.received
    assert.deepEqual(mail.to, ['buy-cheap-pills@example.com'])
    assert.equal(mail.from, 'hello@events.test')
    // A link and fixed text: nothing the request wrote, not even the address's local part.
    const readable = readableParts(mail)
    for (const written of ['buy-cheap-pills', 'pills', 'Firefox', 'events.example/blog']) {
      assert.notInclude(readable, written)
    }
    assert.include(readable, `Confirm my subscription: ${confirmationUrl(mail).href}`)
    assert.include(readable, `<a href="${confirmationUrl(mail).href}">Confirm my subscription</a>`)
    assert.equal(
      `${confirmationUrl(mail).origin}${confirmationUrl(mail).pathname}`,
      `http://localhost:${process.env.PORT}/newsletter/confirm`
    )
    assert.isFalse(mailHeaders(mail).has('list-unsubscribe'))

    const contact = await contactOf('buy-cheap-pills@example.com')
    assert.equal(contact.status, 'unconfirmed')
    // No consent yet: the submission waits for its confirmation.
    assert.isNull(contact.consented_at)
    assert.isNull(contact.consent_method)
    assert.deepEqual(contact.confirmation_request, {
      at: new Date(submittedAt).toISOString(),
      ip: '127.0.0.1',
      userAgent: 'Mozilla/5.0 Firefox/140.0',
      origin: null,
      referer: 'https://events.example/blog',
      locale: 'en',
    })
    const token = confirmationTokenOf(mail)
    assert.notInclude(Buffer.from(token, 'base64url').toString('latin1'), 'buy-cheap-pills')
  })

  test('GET on the link changes nothing: a self-contained page with a button, or JSON', async ({
    client,
    assert,
  }) => {
    const mail = await requested(client)

    const page = await client.get(confirmationPath(mail)).header('accept', 'text/html,*/*;q=0.8')

    page.assertStatus(200)
    assert.match(page.header('content-type') ?? '', /^text\/html; charset=utf-8/)
    assert.equal(
      page.header('content-security-policy'),
      "default-src 'none'; frame-ancestors 'none'"
    )
    assert.equal(page.header('x-frame-options'), 'DENY')
    assert.equal(page.header('content-language'), 'en')
    const html = page.text()
    assert.include(html, '<p>Confirm your subscription to the newsletter?</p>')
    assert.match(
      html,
      /<form method="post">\s*<button type="submit">Confirm my subscription<\/button>/
    )
    assert.notMatch(html, /<script|<link|<img|style=|src=|https?:/i)
    assert.notInclude(html, 'ann@example.com')

    const json = await client.get(confirmationPath(mail)).header('accept', 'application/json')
    json.assertStatus(200)
    json.assertBody({ data: { email: 'a***@example.com', confirmed: false } })

    assert.equal(await statusOf('ann@example.com'), 'unconfirmed')
    assert.deepEqual(subjects(), [CONFIRMATION_SUBJECT])
  })

  test('POST confirms: 200, subscribed with its consent record, then the welcome email; again the same 200 and nothing sent', async ({
    client,
    assert,
  }) => {
    const submittedAt = time.clock.now()
    await client
      .post('/newsletter/subscribe')
      .header('user-agent', 'Form browser')
      .header('origin', 'https://events.example')
      .json({ email: 'ann@example.com' })
    const token = confirmationTokenOf(smtpServer.received[0])
    time.clock.advance(3600)
    const confirmedAt = time.clock.now()

    const response = await client
      .post('/newsletter/confirm')
      .header('user-agent', 'Mail client')
      .json({ token })

    response.assertStatus(200)
    response.assertBody(CONFIRMED)
    assert.deepEqual(subjects(), [CONFIRMATION_SUBJECT, WELCOME_SUBJECT])
    const welcome = smtpServer.received[1]
    assert.deepEqual(welcome.to, ['ann@example.com'])
    assert.equal(mailHeaders(welcome).get('list-unsubscribe-post'), 'List-Unsubscribe=One-Click')
    const contact = await contactOf('ann@example.com')
    assert.equal(contact.status, 'subscribed')
    assert.equal(contact.consent_method, 'double_opt_in')
    assert.deepEqual(contact.consented_at, new Date(submittedAt))
    assert.equal(contact.consent_ip, '127.0.0.1')
    assert.equal(contact.consent_user_agent, 'Form browser')
    assert.equal(contact.consent_origin, 'https://events.example')
    assert.equal(contact.consent_locale, 'en')
    assert.deepEqual(contact.confirmed_at, new Date(confirmedAt))
    assert.equal(contact.confirm_ip, '127.0.0.1')
    assert.equal(contact.confirm_user_agent, 'Mail client')
    assert.isNull(contact.confirmation_request)
    assert.isNull(contact.confirming_at)

    const again = await client.post('/newsletter/confirm').json({ token })
    again.assertStatus(200)
    again.assertBody(CONFIRMED)
    assert.deepEqual(subjects(), [CONFIRMATION_SUBJECT, WELCOME_SUBJECT])
    assert.deepEqual(await columnOf('ann@example.com', 'confirmed_at'), new Date(confirmedAt))

    const page = await client.get(`/newsletter/confirm?token=${encodeURIComponent(token)}`)
    assert.include(page.text(), '<p>Your subscription to the newsletter is confirmed.</p>')
    assert.notInclude(page.text(), '<form')
  })

  test("the page's button posts the form to the link itself: confirmed", async ({
    client,
    assert,
  }) => {
    const mail = await requested(client)

    const response = await client.post(confirmationPath(mail)).form({})

    response.assertStatus(200)
    response.assertBody(CONFIRMED)
    assert.equal(await statusOf('ann@example.com'), 'subscribed')
    assert.deepEqual(subjects(), [CONFIRMATION_SUBJECT, WELCOME_SUBJECT])
  })

  test('a subscribed address: 202, nothing sent, nothing changed', async ({ client, assert }) => {
    await confirmed(client)
    const before = await contactOf('ann@example.com')
    time.clock.advance(86_400)

    const response = await client
      .post('/newsletter/subscribe')
      .header('user-agent', 'Somebody else')
      .json({ email: ' Ann@Example.com ' })

    response.assertStatus(202)
    response.assertBody(CHECK_INBOX)
    assert.deepEqual(subjects(), [CONFIRMATION_SUBJECT, WELCOME_SUBJECT])
    assert.deepEqual(await contactOf('ann@example.com'), before)
  })

  test('an unconfirmed re-submit: nothing within 10 minutes of the last email, then one, at most 3 a day', async ({
    client,
    assert,
  }) => {
    await requested(client)
    const resubmit = async () => {
      const response = await subscribe(client)
      response.assertStatus(202)
      response.assertBody(CHECK_INBOX)
      return smtpServer.received.length
    }

    assert.equal(await resubmit(), 1)
    time.clock.advance(599)
    assert.equal(await resubmit(), 1)
    time.clock.advance(1)
    assert.equal(await resubmit(), 2)
    time.clock.advance(300)
    assert.equal(await resubmit(), 2)
    time.clock.advance(300)
    assert.equal(await resubmit(), 3)
    // Three in the day: the next ones wait for the day to end, 10 minutes apart or not.
    time.clock.advance(600)
    assert.equal(await resubmit(), 3)
    time.clock.advance(6 * 3600)
    assert.equal(await resubmit(), 3)
    time.clock.advance(86_400 - 6 * 3600 - 1800)
    assert.equal(await resubmit(), 4)
    assert.deepEqual(subjects(), Array(4).fill(CONFIRMATION_SUBJECT))

    // Every link sent is good, the first as much as the last.
    const response = await client
      .post('/newsletter/confirm')
      .json({ token: confirmationTokenOf(smtpServer.received[0]) })
    response.assertStatus(200)
    assert.equal(await statusOf('ann@example.com'), 'subscribed')
  })

  test('parallel sign-ups of one address send one email, and so do parallel re-submits', async ({
    client,
    assert,
  }) => {
    const burst = () => Promise.all(Array.from({ length: 10 }, () => subscribe(client)))

    const first = await burst()
    assert.deepEqual(
      first.map((response) => response.status()),
      Array(10).fill(202)
    )
    assert.lengthOf(smtpServer.received, 1)
    time.clock.advance(601)
    await burst()
    assert.lengthOf(smtpServer.received, 2)
    const contact = await contactOf('ann@example.com')
    assert.equal(contact.confirmations_sent, 2)
  })

  test('an expired link: 400 on GET and POST, the contact stays unconfirmed', async ({
    client,
    assert,
  }) => {
    doubleOptIn.lifetime(3600_000)
    const mail = await requested(client)
    time.clock.advance(3599)
    const inTime = await client.get(confirmationPath(mail)).header('accept', 'application/json')
    inTime.assertStatus(200)

    time.clock.advance(1)
    const post = await client.post('/newsletter/confirm').json({ token: confirmationTokenOf(mail) })
    post.assertStatus(400)
    post.assertBody(INVALID_LINK)
    const get = await client.get(confirmationPath(mail)).header('accept', 'application/json')
    get.assertStatus(400)
    get.assertBody(INVALID_LINK)
    assert.equal(await statusOf('ann@example.com'), 'unconfirmed')
    assert.deepEqual(subjects(), [CONFIRMATION_SUBJECT])
  })

  test('answers 400 for a {case} token and changes nothing')
    .with([
      {
        case: 'tampered',
        token: (valid: string) => `${valid.slice(0, -2)}${valid.endsWith('AA') ? 'BB' : 'AA'}`,
      },
      // Authentic, but naming no contact (never issued, or pruned or erased since).
      {
        case: 'unknown',
        token: () =>
          encryption.encrypt(
            { contactId: uuidv7(), expiresAt: Date.now() + 3600_000 },
            undefined,
            'newsletter-confirm'
          ),
      },
      // The unsubscribe link's token of the same contact is not a confirmation.
      {
        case: 'unsubscribe',
        token: (_valid: string, contactId: string) =>
          encryption.encrypt(contactId, undefined, 'newsletter-unsubscribe'),
      },
      { case: 'garbage', token: () => 'not-a-token' },
      { case: 'empty', token: () => '' },
    ])
    .run(async ({ client, assert }, { token }) => {
      const mail = await requested(client)
      const { id } = await contactOf('ann@example.com')
      const bad = token(confirmationTokenOf(mail), id)

      const post = await client.post('/newsletter/confirm').json({ token: bad })
      post.assertStatus(400)
      post.assertBody(INVALID_LINK)
      const get = await client
        .get(`/newsletter/confirm?token=${encodeURIComponent(bad)}`)
        .header('accept', 'application/json')
      get.assertStatus(400)
      get.assertBody(INVALID_LINK)
      assert.equal(await statusOf('ann@example.com'), 'unconfirmed')
    })

  test('answers 400 without a token', async ({ client }) => {
    const post = await client.post('/newsletter/confirm').json({})
    post.assertStatus(400)
    post.assertBody(INVALID_LINK)
    const get = await client.get('/newsletter/confirm')
    get.assertStatus(400)
    get.assertBody(INVALID_LINK)
  })

  test('SMTP failing at confirmation: 500, the contact stays unconfirmed, a retry succeeds', async ({
    client,
    assert,
  }) => {
    const token = confirmationTokenOf(await requested(client))
    smtpServer.rejectWith('Mailbox unavailable')

    const failed = await client.post('/newsletter/confirm').json({ token })

    failed.assertStatus(500)
    const [error] = failed.body().errors
    assert.equal(error.code, 'common.server.internal')
    assert.include(error.message, 'Mailbox unavailable')
    const contact = await contactOf('ann@example.com')
    assert.equal(contact.status, 'unconfirmed')
    assert.isNull(contact.consent_method)
    assert.isNull(contact.confirmed_at)
    assert.isNull(contact.confirming_at)

    smtpServer.reset()
    const retry = await client.post('/newsletter/confirm').json({ token })
    retry.assertStatus(200)
    retry.assertBody(CONFIRMED)
    assert.deepEqual(subjects(), [WELCOME_SUBJECT])
    assert.equal(await statusOf('ann@example.com'), 'subscribed')
  })

  test('SMTP failing at the confirmation email: 500, nothing kept, a retry sends it', async ({
    client,
    assert,
  }) => {
    smtpServer.rejectWith('Mailbox unavailable')

    const failed = await subscribe(client)

    failed.assertStatus(500)
    assert.equal(failed.body().errors[0].code, 'common.server.internal')
    assert.lengthOf(await db.from('newsletter_contacts'), 0)

    smtpServer.reset()
    const retry = await subscribe(client)
    retry.assertStatus(202)
    assert.deepEqual(subjects(), [CONFIRMATION_SUBJECT])
  })

  test('a failed resend is not counted: the next re-submit sends it', async ({
    client,
    assert,
  }) => {
    await requested(client)
    time.clock.advance(600)
    smtpServer.rejectWith('Mailbox unavailable')
    const failed = await subscribe(client)
    failed.assertStatus(500)

    smtpServer.reset()
    const retry = await subscribe(client)
    retry.assertStatus(202)
    assert.deepEqual(subjects(), [CONFIRMATION_SUBJECT])
    assert.equal(await columnOf('ann@example.com', 'confirmations_sent'), 2)
  })

  test('two confirmations at once: both 200, one welcome email', async ({ client, assert }) => {
    const token = confirmationTokenOf(await requested(client))

    const responses = await Promise.all(
      Array.from({ length: 5 }, () => client.post('/newsletter/confirm').json({ token }))
    )

    assert.deepEqual(
      responses.map((response) => response.status()),
      Array(5).fill(200)
    )
    assert.deepEqual(subjects(), [CONFIRMATION_SUBJECT, WELCOME_SUBJECT])
  })

  test('an unsubscribed address: 202 and a confirmation; its consent record stays until it confirms', async ({
    client,
    assert,
  }) => {
    const welcome = await confirmed(client)
    const unsubscribe = await client.post(unsubscribePath(welcome)).form({
      'List-Unsubscribe': 'One-Click',
    })
    unsubscribe.assertStatus(200)
    const left = await contactOf('ann@example.com')
    time.clock.advance(600)

    const again = await client
      .post('/newsletter/subscribe')
      .header('user-agent', 'A bot')
      .json({ email: 'ann@example.com' })

    again.assertStatus(202)
    assert.lengthOf(smtpServer.received, 3)
    const waiting = await contactOf('ann@example.com')
    assert.equal(waiting.status, 'unconfirmed')
    assert.equal(waiting.id, left.id)
    // The earlier consent and the opt-out are as they were: a bot's re-submit proves nothing.
    for (const column of [
      'consented_at',
      'consent_user_agent',
      'confirmed_at',
      'unsubscribed_at',
    ]) {
      assert.deepEqual(waiting[column], left[column], column)
    }
    // Its old unsubscribe link still works while it waits (nothing to leave).
    const unsubscribeAgain = await client.post(unsubscribePath(welcome))
    unsubscribeAgain.assertStatus(200)

    const response = await client
      .post('/newsletter/confirm')
      .json({ token: confirmationTokenOf(smtpServer.received[2]) })
    response.assertStatus(200)
    const back = await contactOf('ann@example.com')
    assert.equal(back.status, 'subscribed')
    assert.equal(back.consent_user_agent, 'A bot')
    assert.isNull(back.unsubscribed_at)
    assert.deepEqual(subjects().at(-1), WELCOME_SUBJECT)
  })

  test('a link of a contact that unsubscribed since: 400, it stays unsubscribed', async ({
    client,
    assert,
  }) => {
    const confirmation = await requested(client)
    await client.post('/newsletter/confirm').json({ token: confirmationTokenOf(confirmation) })
    await client.post(unsubscribePath(smtpServer.received[1]))

    const response = await client
      .post('/newsletter/confirm')
      .json({ token: confirmationTokenOf(confirmation) })

    response.assertStatus(400)
    response.assertBody(INVALID_LINK)
    assert.equal(await statusOf('ann@example.com'), 'unsubscribed')
  })

  test('in French: the answer, the email, the page and the welcome', async ({ client, assert }) => {
    const response = await client
      .post('/newsletter/subscribe')
      .header('accept-language', 'fr-CA,fr;q=0.9')
      .json({ email: 'ann@example.com' })

    response.assertStatus(202)
    response.assertHeader('content-language', 'fr')
    response.assertBody({
      messages: [{ title: 'Consultez votre boîte de réception pour confirmer votre abonnement.' }],
    })
    const [mail] = smtpServer.received
    assert.equal(readMail(mail).subject, 'Confirmez votre abonnement à notre infolettre')
    assert.include(readMail(mail).text, 'Confirmer mon abonnement : http')

    // The page speaks the reader's language; the welcome, the subscriber's.
    const page = await client.get(confirmationPath(mail)).header('accept-language', 'fr')
    assert.include(page.text(), '<p>Confirmer votre abonnement à l’infolettre?</p>')
    assert.include(page.text(), 'Confirmer mon abonnement</button>')
    const confirm = await client
      .post('/newsletter/confirm')
      .header('accept-language', 'fr')
      .json({ token: confirmationTokenOf(mail) })
    confirm.assertStatus(200)
    confirm.assertBody({ messages: [{ title: 'Votre abonnement à l’infolettre est confirmé.' }] })
    const welcome = smtpServer.received[1]
    assert.equal(readMail(welcome).subject, 'Bienvenue à notre infolettre')

    const invalid = await client
      .post('/newsletter/confirm')
      .header('accept-language', 'fr')
      .json({ token: 'x' })
    invalid.assertStatus(400)
    assert.equal(
      invalid.body().errors[0].message,
      'Le lien de confirmation est invalide ou a expiré'
    )
  })

  test('the erasure removes the whole record, confirmation included; its link names no one', async ({
    client,
    assert,
  }) => {
    const confirmation = await requested(client)
    await client.post('/newsletter/confirm').json({ token: confirmationTokenOf(confirmation) })

    await ace.ui.switchMode('raw')
    try {
      const command = await ace.create(NewsletterErase, ['ann@example.com'])
      await command.exec()
      command.assertSucceeded()
    } finally {
      ace.ui.switchMode('normal')
    }

    assert.lengthOf(await db.from('newsletter_contacts'), 0)
    const response = await client
      .post('/newsletter/confirm')
      .json({ token: confirmationTokenOf(confirmation) })
    response.assertStatus(400)
  })

  test("the account's data export carries how consent was given and its confirmation", async ({
    client,
    assert,
  }) => {
    const { cookie } = await signedIn(client, { email: 'ann@example.com' })
    await client
      .post('/newsletter/subscribe')
      .header('user-agent', 'Form browser')
      .json({ email: 'ann@example.com' })
    await client
      .post('/newsletter/confirm')
      .header('user-agent', 'Mail client')
      .json({ token: confirmationTokenOf(smtpServer.received[0]) })

    const response = await client.get('/auth/account/export').header('cookie', cookie)

    response.assertStatus(200)
    const { newsletter } = response.body().data
    assert.equal(newsletter.status, 'subscribed')
    assert.equal(newsletter.consentMethod, 'double_opt_in')
    assert.equal(newsletter.consentUserAgent, 'Form browser')
    assert.isString(newsletter.confirmedAt)
    assert.equal(newsletter.confirmIp, '127.0.0.1')
    assert.equal(newsletter.confirmUserAgent, 'Mail client')
  })

  test('confirmation and welcome emails are counted', async ({ client, assert }) => {
    const count = (name: string, outcome: string) => metricValue(client, name, { outcome })
    const before = {
      sent: await count('newsletter_confirmation_emails_total', 'sent'),
      failed: await count('newsletter_confirmation_emails_total', 'failed'),
      welcomed: await count('newsletter_welcome_emails_total', 'sent'),
    }

    await confirmed(client)
    smtpServer.rejectWith('Mailbox unavailable')
    await subscribe(client, 'bob@example.com')

    assert.equal((await count('newsletter_confirmation_emails_total', 'sent')) - before.sent, 1)
    assert.equal((await count('newsletter_confirmation_emails_total', 'failed')) - before.failed, 1)
    assert.equal((await count('newsletter_welcome_emails_total', 'sent')) - before.welcomed, 1)
  })
})

test.group('Newsletter double opt-in off (the default)', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.setup(() => smtpServer.reset())

  test('a sign-up records its consent as given through the API', async ({ client, assert }) => {
    const response = await subscribe(client)

    response.assertStatus(201)
    const contact = await contactOf('ann@example.com')
    assert.equal(contact.consent_method, 'api')
    assert.isNull(contact.confirmed_at)
  })

  test('an address left unconfirmed while it was on subscribes at once: 201 and the welcome', async ({
    client,
    assert,
  }) => {
    await db.table('newsletter_contacts').insert({
      id: uuidv7(),
      email: 'ann@example.com',
      status: 'unconfirmed',
      created_at: new Date(),
      confirmation_sent_at: new Date(),
      confirmations_sent: 1,
    })

    const response = await subscribe(client)

    response.assertStatus(201)
    assert.deepEqual(subjects(), [WELCOME_SUBJECT])
    assert.equal(await statusOf('ann@example.com'), 'subscribed')
  })
})

test.group(
  'Newsletter double opt-in: NEWSLETTER_DOUBLE_OPT_IN and NEWSLETTER_CONFIRM_TTL',
  (group) => {
    let api: AppProcess | undefined
    group.each.setup(() => resetDatabase())
    group.each.setup(() => smtpServer.reset())
    group.each.teardown(async () => {
      await api?.kill()
      api = undefined
    })

    test('set in the environment, they turn it on and set the link lifetime', async ({
      assert,
    }) => {
      api = await AppProcess.production({
        APP_KEY: appKey.release(),
        NEWSLETTER_DOUBLE_OPT_IN: 'true',
        NEWSLETTER_CONFIRM_TTL: '12h',
      })
      await api.start()
      const sentAt = Date.now()

      const response = await api.fetch(
        '/newsletter/subscribe',
        jsonRequest('POST', { email: 'ann@example.com' })
      )

      assert.equal(response.status, 202)
      assert.deepEqual(await response.json(), CHECK_INBOX)
      assert.deepEqual(subjects(), [CONFIRMATION_SUBJECT])
      assert.equal(await statusOf('ann@example.com'), 'unconfirmed')
      // The link lives 12 hours (the process shares this one's APP_KEY, so its token reads here).
      const token = confirmationTokenOf(smtpServer.received[0])
      const { id } = await contactOf('ann@example.com')
      const confirmationToken = await app.container.make(ConfirmationToken)
      assert.equal(confirmationToken.read(token, sentAt + 12 * 3600_000 - 60_000), id)
      assert.isNull(confirmationToken.read(token, Date.now() + 12 * 3600_000))
    }).timeout(60_000)

    test('a lifetime that is not a duration stops the server, named', async ({ assert }) => {
      api = await AppProcess.production({ NEWSLETTER_CONFIRM_TTL: 'a week' })
      await api.start({ waitFor: 'nothing' })

      assert.notEqual(await api.exited(), 0)
      assert.include(
        api.output,
        'Invalid env variable "NEWSLETTER_CONFIRM_TTL": "a week" is not a duration'
      )
    }).timeout(60_000)
  }
)
