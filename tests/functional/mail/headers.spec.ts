import { readdir } from 'node:fs/promises'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { BaseMail } from '@adonisjs/mail'
import { resetDatabase } from '#tests/helpers/database'
import { smtpServer } from '#tests/helpers/smtp_server'
import { mailHeaders, subscribe } from '#tests/helpers/newsletter'
import { publicUrl } from '#config/app'

test.group('Mail: the headers and parts mailbox providers expect', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.setup(() => smtpServer.reset())

  test('the welcome email: List-Id from PUBLIC_URL, Message-ID at MAIL_FROM domain, text beside HTML; unsigned without DKIM settings', async ({
    client,
    assert,
  }) => {
    const response = await subscribe(client, 'ann@example.com')
    response.assertStatus(201)

    const [mail] = smtpServer.received
    const headers = mailHeaders(mail)
    assert.equal(headers.get('list-id'), `"Newsletter" <newsletter.${new URL(publicUrl).hostname}>`)
    assert.match(headers.get('message-id')!, /^<[0-9a-f-]{36}@events\.test>$/)
    assert.isFalse(headers.has('dkim-signature'))
    assert.match(headers.get('content-type')!, /^multipart\/alternative/)
    assert.match(mail.raw, /Content-Type: text\/plain/)
    assert.match(mail.raw, /Content-Type: text\/html/)
  })

  test('every email of app/mails has a plain-text part beside its HTML', async ({ assert }) => {
    const entries = await readdir(app.makePath('app/mails'))
    const files = entries.filter((file) => file.endsWith('.ts'))
    let mails = 0
    for (const file of files) {
      const { default: Mail } = await import(app.makeURL(`app/mails/${file}`).href)
      if (typeof Mail !== 'function' || !(Mail.prototype instanceof BaseMail)) continue
      // Every constructor takes the recipient first, then strings (a token, a URL, a name).
      const message: BaseMail = new Mail('ann@example.com', 'https://example.com/t', 'token')
      await message.build()
      const { text, html } = message.message.toObject().message
      assert.isString(text, file)
      assert.isAbove(String(text).trim().length, 20, file)
      assert.isString(html, file)
      mails++
    }
    assert.isAtLeast(mails, 5)
  })
})
