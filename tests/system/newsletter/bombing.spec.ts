import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { resetDatabase } from '#tests/helpers/database'
import { smtpServer } from '#tests/helpers/smtp_server'
import { AppProcess, jsonRequest } from '#tests/helpers/app_process'

const REQUESTS = 500
const SOURCES = 50
const AT_ONCE = 25

/**
 * Subscription bombing (contract, "The public subscribe form under
 * attack"), bounded and on loopback: an instance with the production
 * settings behind a trusted proxy, so each source address has its own
 * 30-a-minute budget, and 3 attempts a day per address.
 */
test.group('Newsletter: a subscription bombing run', (group) => {
  let api: AppProcess | undefined

  group.each.setup(() => resetDatabase())
  group.each.setup(() => smtpServer.reset())
  group.each.teardown(async () => {
    await api?.kill()
    api = undefined
  })

  test('500 subscribes of one victim from 50 addresses: at most 3 emails reach the SMTP server', async ({
    assert,
  }) => {
    api = await AppProcess.production({
      TRUSTED_PROXIES: 'loopback',
      NEWSLETTER_ADDRESS_LIMIT: '3/day',
    })
    await api.start()

    // Each source sends 10 (within its 30 a minute); half with a subaddress, which reaches
    // the same mailbox and would otherwise be a new contact, each with its welcome email.
    const answers: { status: number; limit: string | null }[] = []
    for (let batch = 0; batch < REQUESTS / AT_ONCE; batch++) {
      const batchAnswers = await Promise.all(
        Array.from({ length: AT_ONCE }, async (_, offset) => {
          const index = batch * AT_ONCE + offset
          const email = index % 2 ? `victim+${index}@example.com` : 'victim@example.com'
          const response = await api!.fetch(
            '/newsletter/subscribe',
            jsonRequest(
              'POST',
              { email },
              { 'x-forwarded-for': `198.51.100.${(index % SOURCES) + 1}` }
            )
          )
          await response.arrayBuffer()
          return { status: response.status, limit: response.headers.get('x-ratelimit-limit') }
        })
      )
      answers.push(...batchAnswers)
    }

    const count = (status: number) => answers.filter((answer) => answer.status === status).length
    assert.lengthOf(answers, REQUESTS)
    // Three attempts reached the form's work (each a 201, or a 409 for the plain address
    // once subscribed); every other one was the address limit's 429, none an IP limit's.
    assert.equal(count(201) + count(409), 3)
    assert.equal(count(429), REQUESTS - 3)
    const refusals = answers.filter((answer) => answer.status === 429)
    assert.deepEqual([...new Set(refusals.map((answer) => answer.limit))], ['3'])
    const mails = smtpServer.received.filter((mail) =>
      mail.to.every((to) => /^victim(\+\d+)?@example\.com$/.test(to))
    )
    assert.lengthOf(smtpServer.received, mails.length)
    assert.isAtMost(mails.length, 3)
    assert.equal(mails.length, count(201))
    const stored = await db.from('newsletter_contacts').count('* as n')
    assert.equal(Number(stored[0].n), count(201))
  }).timeout(180_000)
})
