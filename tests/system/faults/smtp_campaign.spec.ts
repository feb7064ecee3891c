import { setTimeout as sleep } from 'node:timers/promises'
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { resetDatabase } from '#tests/helpers/database'
import { smtpServer } from '#tests/helpers/smtp_server'
import { AppProcess, jsonRequest } from '#tests/helpers/app_process'

const MONITOR = { 'x-monitoring-secret': 'production-monitoring-secret' }
const SUBSCRIBED = { messages: [{ title: 'Successfully subscribed to the newsletter.' }] }
const FAILED = {
  errors: [{ message: 'Failed to subscribe to the newsletter.', code: 'common.server.internal' }],
}

/**
 * `count` sign-ups at once, each from its own address (the marketing site's
 * visitors behind the proxy), with how long each took and what it answered.
 */
function signUps(api: AppProcess, count: number) {
  return Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const started = Date.now()
      const response = await api.fetch(
        '/newsletter/subscribe',
        jsonRequest(
          'POST',
          { email: `reader${index}@example.com` },
          { 'x-forwarded-for': `203.0.113.${index + 1}` }
        )
      )
      return { status: response.status, body: await response.json(), ms: Date.now() - started }
    })
  )
}

/**
 * The production settings against a relay that is busy, then silent
 * (contract, "Sending at campaign scale"): the defaults of SMTP_MAX_CONNECTIONS
 * (10) and SMTP_SEND_BUDGET_MS (30000), each reply well inside SMTP_TIMEOUT_MS.
 */
test.group('Faults: a campaign through a busy or silent SMTP relay', (group) => {
  let api: AppProcess | undefined

  group.each.setup(() => resetDatabase())
  group.each.setup(() => smtpServer.reset())
  group.each.teardown(async () => {
    smtpServer.reset()
    await api?.kill()
    api = undefined
  })

  test('40 sign-ups at once through a relay 5 s late to greet and to accept: 40 × 201 over reused sessions', async ({
    assert,
  }) => {
    api = await AppProcess.production({ SMTP_TIMEOUT_MS: '8000', TRUSTED_PROXIES: 'loopback' })
    await api.start()
    smtpServer.greetAfter(5000)
    smtpServer.replyAfter(5000)

    const campaign = signUps(api, 40)
    // Meanwhile the monitor polls: the rest of the API keeps its pace.
    const others: { status: number; ms: number }[] = []
    for (let round = 0; round < 20; round++) {
      await new Promise((resolve) => setTimeout(resolve, 500))
      const started = Date.now()
      const status = await api.status('/health', { headers: MONITOR })
      others.push({ status, ms: Date.now() - started })
      const ready = Date.now()
      others.push({ status: await api.status('/health/ready'), ms: Date.now() - ready })
    }
    const outcomes = await campaign

    for (const outcome of outcomes)
      assert.deepEqual(outcome, { ...outcome, status: 201, body: SUBSCRIBED })
    for (const other of others) {
      assert.equal(other.status, 200)
      assert.isBelow(other.ms, 1000)
    }
    const recipients = smtpServer.received.flatMap((mail) => mail.to).sort()
    assert.deepEqual(
      recipients,
      Array.from({ length: 40 }, (_, index) => `reader${index}@example.com`).sort()
    )
    // Sessions carried several emails each, and never more than the cap were open.
    assert.isAtMost(smtpServer.sessionsOpened, 10)
    assert.isBelow(smtpServer.sessionsOpened, recipients.length)
    assert.isAtMost(smtpServer.peakSessions, 10)
    const stored = await db
      .from('newsletter_contacts')
      .where('status', 'subscribed')
      .count('* as n')
    assert.equal(Number(stored[0].n), 40)
  }).timeout(90_000)

  test('a silent relay: every sign-up is the spec 500 within SMTP_SEND_BUDGET_MS, nothing stored', async ({
    assert,
  }) => {
    // Ten sessions time out on the greeting at 8 s; the ten waiting behind them run out of
    // budget (12 s) while their own greeting is still awaited.
    api = await AppProcess.production({
      SMTP_TIMEOUT_MS: '8000',
      SMTP_SEND_BUDGET_MS: '12000',
      TRUSTED_PROXIES: 'loopback',
    })
    await api.start()
    smtpServer.silence()

    const outcomes = await signUps(api, 20)

    for (const outcome of outcomes) {
      assert.deepEqual(outcome.body, FAILED)
      assert.equal(outcome.status, 500)
      assert.isBelow(outcome.ms, 12_000 + 2000)
    }
    assert.isAbove(Math.max(...outcomes.map((outcome) => outcome.ms)), 12_000 - 500)
    const stored = await db.from('newsletter_contacts').count('* as n')
    assert.equal(Number(stored[0].n), 0)
    assert.lengthOf(smtpServer.received, 0)
  }).timeout(60_000)

  test('an email past its budget is dropped: its session closed at once, nothing delivered or stored', async ({
    assert,
  }) => {
    api = await AppProcess.production({
      SMTP_TIMEOUT_MS: '8000',
      SMTP_SEND_BUDGET_MS: '2000',
      TRUSTED_PROXIES: 'loopback',
    })
    await api.start()
    // The greeting would come, but after the budget.
    smtpServer.greetAfter(4000)

    const [outcome] = await signUps(api, 1)

    assert.deepEqual(outcome.body, FAILED)
    assert.equal(outcome.status, 500)
    assert.isAtLeast(outcome.ms, 2000 - 100)
    assert.isBelow(outcome.ms, 2000 + 1500)
    await sleep(500)
    assert.equal(smtpServer.openSessions, 0)
    await sleep(4000)
    assert.lengthOf(smtpServer.received, 0)
    const stored = await db.from('newsletter_contacts').count('* as n')
    assert.equal(Number(stored[0].n), 0)
  }).timeout(30_000)
})
