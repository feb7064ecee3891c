import { test } from '@japa/runner'
import { AppProcess } from '#tests/helpers/app_process'
import { resetDatabase } from '#tests/helpers/database'
import { subscribeOn } from '#tests/helpers/newsletter'
import { smtpServer } from '#tests/helpers/smtp_server'
import { ALTCHA_ENV, ALTCHA_KEY, challengeOf, solve } from '#tests/helpers/altcha'

const NEW_KEY = 'the-new-altcha-key-of-at-least-32-chars'

test.group('Secrets: the ALTCHA key changed over', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.setup(() => smtpServer.reset())

  test('a challenge signed with the previous key is accepted beside the new one, and refused once it goes', async ({
    assert,
    cleanup,
  }) => {
    const before = await AppProcess.production({ NODE_ENV: 'test', ...ALTCHA_ENV })
    const during = await AppProcess.production({
      NODE_ENV: 'test',
      ...ALTCHA_ENV,
      NEWSLETTER_ALTCHA_HMAC_KEY: NEW_KEY,
      NEWSLETTER_ALTCHA_PREVIOUS_HMAC_KEYS: ALTCHA_KEY,
    })
    const after = await AppProcess.production({
      NODE_ENV: 'test',
      ...ALTCHA_ENV,
      NEWSLETTER_ALTCHA_HMAC_KEY: NEW_KEY,
    })
    await Promise.all([before.start(), during.start(), after.start()])
    cleanup(() => Promise.all([before.kill(), during.kill(), after.kill()]).then(() => {}))

    // Handed out by an instance still on the old key, solved on one already on the new key.
    const old = await solve(await challengeOf(before))
    const accepted = await subscribeOn(during, { email: 'ann@example.com', altcha: old })
    assert.equal(accepted.status, 201)
    // The new key's challenges are accepted there too, and everywhere once the rollout ends.
    const fresh = await subscribeOn(during, {
      email: 'bob@example.com',
      altcha: await solve(await challengeOf(during)),
    })
    assert.equal(fresh.status, 201)
    const later = await subscribeOn(after, {
      email: 'cat@example.com',
      altcha: await solve(await challengeOf(during)),
    })
    assert.equal(later.status, 201)

    // Without the previous key, a challenge it signed is refused as any forged one is.
    const refused = await subscribeOn(after, {
      email: 'dan@example.com',
      altcha: await solve(await challengeOf(before)),
    })
    assert.equal(refused.status, 403)
    assert.equal(refused.body.errors[0].code, 'input.captcha.invalid')
  }).timeout(60_000)
})
