import { test } from '@japa/runner'
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import db from '@adonisjs/lucid/services/db'
import { resetDatabase } from '#tests/helpers/database'
import { AppProcess } from '#tests/helpers/app_process'
import { smtpServer } from '#tests/helpers/smtp_server'
import { ALTCHA_ENV } from '#tests/helpers/altcha'
import { CHROMIUM, hasChromium, launchChromium, serveFiles } from '#tests/helpers/browser'

/**
 * A file of the `altcha` package's build, beside the module `specifier`
 * resolves to: its widget (`altcha`), its translations (`altcha/i18n/<language>`).
 */
async function altchaFile(specifier: string, file: string) {
  return readFile(fileURLToPath(new URL(file, import.meta.resolve(specifier))), 'utf8')
}

/**
 * The marketing site's form as docs/subscribe_form.md shows it: the widget in Canadian
 * French with its bundle served by the site, the trap field hidden from
 * people, and a script that posts the form as JSON to the API.
 */
function marketingPage(apiUrl: string) {
  return `<!doctype html>
<html lang="fr-CA">
<head>
  <meta charset="utf-8">
  <title>Infolettre</title>
  <script type="module" src="/assets/altcha/fr-ca.js"></script>
  <script type="module" src="/assets/altcha/altcha.min.js"></script>
  <style>
    .subscribe-extra { position: absolute; left: -10000px; width: 1px; height: 1px; overflow: hidden; }
  </style>
</head>
<body>
  <form id="subscribe" data-api="${apiUrl}">
    <label>Courriel <input name="email" type="email" required></label>
    <div class="subscribe-extra" aria-hidden="true">
      <label>Site Web <input name="website" tabindex="-1" autocomplete="off"></label>
    </div>
    <altcha-widget challenge="${apiUrl}/newsletter/challenge" language="fr-ca" name="altcha"></altcha-widget>
    <button type="submit">S’abonner</button>
    <p id="result" role="status"></p>
  </form>
  <script type="module">
    const form = document.getElementById('subscribe')
    form.addEventListener('submit', async (event) => {
      event.preventDefault()
      const response = await fetch(form.dataset.api + '/newsletter/subscribe', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': 'fr-CA' },
        body: JSON.stringify(Object.fromEntries(new FormData(form))),
      })
      const body = await response.json()
      document.getElementById('result').textContent = body.messages?.[0].title ?? body.errors[0].message
      form.dataset.status = String(response.status)
    })
  </script>
</body>
</html>`
}

test.group('Newsletter: the ALTCHA widget in a real browser (Chromium)', (group) => {
  const closers: (() => Promise<unknown>)[] = []
  group.each.setup(() => resetDatabase())
  group.each.setup(() => smtpServer.reset())
  group.each.teardown(async () => {
    for (const close of closers.splice(0).reverse()) await close()
  })

  test('the widget in French on the marketing site solves the challenge and subscribes', async ({
    assert,
  }) => {
    const files = {
      '/': { type: 'text/html; charset=utf-8', body: '' },
      '/assets/altcha/altcha.min.js': {
        type: 'text/javascript',
        body: await altchaFile('altcha', 'altcha.min.js'),
      },
      '/assets/altcha/fr-ca.js': {
        type: 'text/javascript',
        body: await altchaFile('altcha/i18n/fr-ca', 'fr-ca.js'),
      },
    }
    // The marketing site: another loopback port than the API's, a trusted origin there.
    const site = await serveFiles('127.0.0.1', files)
    closers.push(site.close)
    const api = await AppProcess.production({
      CORS_ORIGINS: site.origin,
      NEWSLETTER_HONEYPOT_FIELD: 'website',
      ...ALTCHA_ENV,
    })
    closers.push(() => api.kill())
    await api.start()
    files['/'].body = marketingPage(api.url)

    const browser = await launchChromium()
    closers.push(browser.close)
    const page = await browser.context.newPage()
    await page.goto(`${site.origin}/`)

    const widget = page.locator('altcha-widget')
    await widget.getByText('Je ne suis pas un robot').waitFor()
    // The trap is laid out off-screen: people never see it, so never fill it.
    const trap = await page.getByLabel('Site Web').boundingBox()
    assert.isAtMost(trap!.x + trap!.width, 0)
    await page.getByLabel('Courriel').fill('ann@example.com')
    // What a visitor clicks: the label (the box itself is drawn over a hidden input).
    await widget.getByText('Je ne suis pas un robot').click()
    await widget.getByText('Vérifié').waitFor({ timeout: 60_000 })
    await page.getByRole('button', { name: 'S’abonner' }).click()
    await page.locator('form[data-status]').waitFor()

    assert.equal(await page.locator('form').getAttribute('data-status'), '201')
    assert.equal(
      await page.locator('#result').textContent(),
      'Vous êtes maintenant abonné à l’infolettre.'
    )
    const [contact] = await db.from('newsletter_contacts').select('*')
    assert.include(contact, {
      email: 'ann@example.com',
      consent_origin: site.origin,
      consent_locale: 'fr',
    })
    assert.deepEqual(
      smtpServer.received.map((mail) => mail.to),
      [['ann@example.com']]
    )
    // The widget's solution was spent: the same form sent again is refused.
    await page.evaluate(
      `(() => {
        const form = document.querySelector('form')
        delete form.dataset.status
        form.requestSubmit()
      })()`
    )
    await page.locator('form[data-status]').waitFor()
    assert.equal(await page.locator('form').getAttribute('data-status'), '403')
    assert.equal(
      await page.locator('#result').textContent(),
      'La vérification antirobot est absente, invalide, expirée ou déjà utilisée : refaites-la'
    )
  })
    .timeout(120_000)
    .skip(
      !hasChromium,
      `No Chromium at ${CHROMIUM}: install Debian's (apt-get install -y chromium) to run the browser test`
    )
})
