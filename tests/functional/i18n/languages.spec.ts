import { test } from '@japa/runner'
import type { ApiClient, ApiResponse } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import { FACTORY_PASSWORD, UserFactory } from '#database/factories/user_factory'
import { OrganizationFactory } from '#database/factories/organization_factory'
import { resetDatabase } from '#tests/helpers/database'
import {
  clearLimits,
  memberWithOrganization,
  sessionCookieFor,
  signedIn,
} from '#tests/helpers/accounts'
import { mailSettled } from '#tests/helpers/mails'
import { readMail } from '#tests/helpers/mime'
import { unsubscribePath, unsubscribeUrl } from '#tests/helpers/newsletter'
import { smtpServer } from '#tests/helpers/smtp_server'
import { apiDescription } from '#api_docs/document'
import { TcpProxy } from '#tests/helpers/tcp_proxy'
import { AppProcess, testDatabaseTarget, testDatabaseUrl } from '#tests/helpers/app_process'

type Language = 'en' | 'fr'
const LANGUAGES: Language[] = ['en', 'fr']

/** What the caller sends to ask for each language. */
const ASK: Record<Language, string> = { en: 'en-CA,en;q=0.9', fr: 'fr-CA,fr;q=0.9,en;q=0.5' }

/** The answer speaks `language` and says so. */
function assertSpeaks(response: ApiResponse, language: Language) {
  response.assertHeader('content-language', language)
  const vary = String(response.header('vary') ?? '').toLowerCase()
  if (!vary.includes('accept-language')) {
    throw new Error(`Vary is "${vary}", not including Accept-Language`)
  }
}

async function lastMailFor(to: string) {
  const mails = await mailsFor(to)
  return mails.at(-1)!
}

/** The emails received for `to`, read (subject decoded, text and HTML parts decoded). */
async function mailsFor(to: string) {
  await mailSettled()
  return smtpServer.received.filter((mail) => mail.to.includes(to)).map(readMail)
}

test.group('Languages: negotiation', (group) => {
  group.each.setup(() => resetDatabase())

  test('"fr-CA;q=0.9, en;q=0.8" picks French; the code stays the same', async ({ client }) => {
    const response = await client.get('/auth/me').header('accept-language', 'fr-CA;q=0.9, en;q=0.8')
    response.assertStatus(401)
    response.assertBody({
      errors: [{ message: 'Accès non autorisé', code: 'auth.unauthenticated' }],
    })
    assertSpeaks(response, 'fr')
  })

  test('"de" picks English, as does no Accept-Language at all', async ({ client }) => {
    const english = { errors: [{ message: 'Unauthorized access', code: 'auth.unauthenticated' }] }
    const german = await client.get('/auth/me').header('accept-language', 'de')
    german.assertBody(english)
    assertSpeaks(german, 'en')

    const none = await client.get('/auth/me')
    none.assertBody(english)
    assertSpeaks(none, 'en')
  })

  test('q-values are honoured: "en;q=0.4, fr;q=0.8" is French, "fr;q=0.3, en" English', async ({
    client,
  }) => {
    const french = await client.get('/auth/me').header('accept-language', 'en;q=0.4, fr;q=0.8')
    assertSpeaks(french, 'fr')
    const english = await client.get('/auth/me').header('accept-language', 'fr;q=0.3, en')
    assertSpeaks(english, 'en')
  })

  test('a signed-in account’s locale wins over Accept-Language', async ({ client }) => {
    const { cookie } = await signedIn(client, { locale: 'fr' })

    const response = await client
      .post('/organizations')
      .header('cookie', cookie)
      .header('accept-language', 'en')
      .json({})
    response.assertStatus(400)
    response.assertBody({
      errors: [
        {
          field: 'name',
          message: 'Le champ nom est obligatoire',
          rule: 'required',
          code: 'input.name.required',
        },
      ],
    })
    assertSpeaks(response, 'fr')
  })

  test('an account without a locale follows Accept-Language', async ({ client }) => {
    const { cookie } = await signedIn(client)
    for (const language of LANGUAGES) {
      const response = await client
        .post('/organizations')
        .header('cookie', cookie)
        .header('accept-language', ASK[language])
        .json({})
      response.assertStatus(400)
      assertSpeaks(response, language)
    }
  })

  test('the API description states Accept-Language and Content-Language', async ({ assert }) => {
    const { paths } = apiDescription()
    let errors = 0
    for (const [path, operations] of Object.entries(paths as Record<string, any>)) {
      for (const [method, operation] of Object.entries(operations as Record<string, any>)) {
        const names = (operation.parameters ?? []).map((parameter: any) => parameter.name)
        assert.include(names, 'Accept-Language', `${method} ${path}`)
        for (const [status, response] of Object.entries(
          operation.responses as Record<string, any>
        )) {
          const schema = response.content?.['application/json']?.schema
          if (Number(status) < 400 || schema?.$ref !== '#/components/schemas/Error') continue
          errors++
          assert.properties(
            response.headers,
            ['Content-Language', 'Vary'],
            `${method} ${path} ${status}`
          )
        }
      }
    }
    assert.isAbove(errors, 50)
    const subscribe = paths['/newsletter/subscribe'].post.responses[201]
    assert.property(subscribe.headers, 'Content-Language')
  })

  test('an answer without text has no Content-Language', async ({ client, assert }) => {
    const { cookie } = await memberWithOrganization(client)
    const response = await client
      .get('/auth/me')
      .header('cookie', cookie)
      .header('accept-language', 'fr')
    response.assertStatus(200)
    assert.isUndefined(response.header('content-language'))
  })
})

test.group('Languages: one error of each kind', (group) => {
  group.each.setup(() => resetDatabase())

  const validation: Record<Language, object> = {
    en: {
      errors: [
        {
          field: 'email',
          message: 'The email field must be a valid email address',
          rule: 'email',
          code: 'input.email.email',
        },
        {
          field: 'password',
          message: 'The password field must have at least 8 characters',
          rule: 'minLength',
          code: 'input.password.minLength',
        },
      ],
    },
    fr: {
      errors: [
        {
          field: 'email',
          message: 'Le champ courriel doit être une adresse courriel valide',
          rule: 'email',
          code: 'input.email.email',
        },
        {
          field: 'password',
          message: 'Le champ mot de passe doit contenir au moins 8 caractères',
          rule: 'minLength',
          code: 'input.password.minLength',
        },
      ],
    },
  }

  for (const language of LANGUAGES) {
    test(`validation (400) in ${language}: the field named in the language`, async ({ client }) => {
      const response = await client
        .post('/auth/signup')
        .header('accept-language', ASK[language])
        .json({ email: 'not an email', password: 'short' })
      response.assertStatus(400)
      response.assertBody(validation[language])
      assertSpeaks(response, language)
    })
  }

  test('a field judged after validation (the postal code) in both languages', async ({
    client,
  }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const messages: Record<Language, string> = {
      en: 'The postalCode field must be a valid postal code for CA',
      fr: 'Le champ code postal doit être un code postal valide pour CA',
    }
    for (const language of LANGUAGES) {
      const response = await client
        .post(`/organizations/${organization.id}/events`)
        .header('cookie', cookie)
        .header('accept-language', ASK[language])
        .json({ name: 'Noces', address: { city: 'Québec', country: 'CA', postalCode: '12345' } })
      response.assertStatus(400)
      response.assertBody({
        errors: [
          {
            field: 'address.postalCode',
            message: messages[language],
            rule: 'postal_code',
            code: 'input.address.postalCode.postal_code',
          },
        ],
      })
      assertSpeaks(response, language)
    }
  })

  const cases: Record<string, Record<Language, string>> = {
    401: { en: 'Unauthorized access', fr: 'Accès non autorisé' },
    403: {
      en: 'You are not a member of this organization',
      fr: 'Vous n’êtes pas membre de cette organisation',
    },
    404: { en: 'Resource not found', fr: 'Ressource introuvable' },
    409: {
      en: 'An account with this email already exists',
      fr: 'Un compte existe déjà avec ce courriel',
    },
    429: { en: 'Too many requests', fr: 'Trop de requêtes' },
  }

  for (const language of LANGUAGES) {
    test(`401 in ${language}`, async ({ client }) => {
      const response = await client.get('/auth/me').header('accept-language', ASK[language])
      response.assertStatus(401)
      response.assertBody({
        errors: [{ message: cases[401][language], code: 'auth.unauthenticated' }],
      })
      assertSpeaks(response, language)
    })

    test(`403 in ${language}`, async ({ client }) => {
      const { cookie } = await memberWithOrganization(client)
      const other = await OrganizationFactory.create()
      const response = await client
        .get(`/organizations/${other.id}`)
        .header('cookie', cookie)
        .header('accept-language', ASK[language])
      response.assertStatus(403)
      response.assertBody({ errors: [{ message: cases[403][language], code: 'auth.forbidden' }] })
      assertSpeaks(response, language)
    })

    test(`404 in ${language}`, async ({ client }) => {
      const response = await client.get('/no/such/route').header('accept-language', ASK[language])
      response.assertStatus(404)
      response.assertBody({
        errors: [{ message: cases[404][language], code: 'common.resource.not_found' }],
      })
      assertSpeaks(response, language)
    })

    test(`409 in ${language}`, async ({ client }) => {
      const user = await UserFactory.create()
      const response = await client
        .post('/auth/signup')
        .header('accept-language', ASK[language])
        .json({ email: user.email, password: 'a long enough password' })
      response.assertStatus(409)
      response.assertBody({
        errors: [{ message: cases[409][language], code: 'common.resource.conflict' }],
      })
      assertSpeaks(response, language)
    })

    test(`429 in ${language}`, async ({ client }) => {
      await clearLimits()
      for (let request = 1; request <= 10; request++) {
        const allowed = await client.get('/auth/me').header('accept-language', ASK[language])
        allowed.assertStatus(401)
      }
      const response = await client.get('/auth/me').header('accept-language', ASK[language])
      response.assertStatus(429)
      response.assertBody({
        errors: [{ message: cases[429][language], code: 'common.rate_limit.exceeded' }],
      })
      assertSpeaks(response, language)
    })
  }

  test('503 in both languages while PostgreSQL is unreachable', async ({ assert, cleanup }) => {
    const proxy = new TcpProxy(testDatabaseTarget())
    await proxy.down()
    const api = await AppProcess.production({ DATABASE_URL: testDatabaseUrl(proxy.port) })
    cleanup(async () => {
      await api.kill()
      await proxy.close()
    })
    await api.start({ waitFor: 'live' })

    const messages: Record<Language, string> = {
      en: 'The service is temporarily unavailable, please retry shortly',
      fr: 'Le service est temporairement indisponible, veuillez réessayer sous peu',
    }
    for (const language of LANGUAGES) {
      const response = await api.fetch('/auth/me', {
        headers: { 'accept-language': ASK[language] },
      })
      assert.equal(response.status, 503)
      assert.deepEqual(await response.json(), {
        errors: [{ message: messages[language], code: 'common.service.unavailable' }],
      })
      assert.equal(response.headers.get('content-language'), language)
      assert.include(String(response.headers.get('vary')).toLowerCase(), 'accept-language')
      assert.equal(response.headers.get('retry-after'), '5')
    }
  }).timeout(30_000)
})

/** Subscribes `email` asking for `language`; answers the response and the welcome email. */
async function subscribeIn(client: ApiClient, email: string, language: Language) {
  const response = await client
    .post('/newsletter/subscribe')
    .header('accept-language', ASK[language])
    .json({ email })
  response.assertStatus(201)
  return { response, mail: smtpServer.received.at(-1)! }
}

test.group('Languages: newsletter titles, unsubscribe page and welcome email', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.setup(() => smtpServer.reset())
  group.each.teardown(() => smtpServer.reset())

  const subscribed: Record<Language, string> = {
    en: 'Successfully subscribed to the newsletter.',
    fr: 'Vous êtes maintenant abonné à l’infolettre.',
  }
  const unsubscribed: Record<Language, string> = {
    en: 'You have been unsubscribed from the newsletter.',
    fr: 'Vous êtes désabonné de l’infolettre.',
  }

  for (const language of LANGUAGES) {
    test(`subscribe and unsubscribe titles in ${language}; the contact keeps its language`, async ({
      client,
      assert,
    }) => {
      const { response, mail } = await subscribeIn(client, 'ann@example.com', language)
      response.assertBody({ messages: [{ title: subscribed[language] }] })
      assertSpeaks(response, language)
      const contact = await db.from('newsletter_contacts').where('email', 'ann@example.com').first()
      assert.equal(contact.consent_locale, language)

      const unsubscribe = await client
        .post(unsubscribePath(mail))
        .header('accept-language', ASK[language])
      unsubscribe.assertStatus(200)
      unsubscribe.assertBody({ messages: [{ title: unsubscribed[language] }] })
      assertSpeaks(unsubscribe, language)
    })
  }

  test('the welcome email in English, exactly as before', async ({ client, assert }) => {
    const { mail } = await subscribeIn(client, 'ann@example.com', 'en')
    const url = unsubscribeUrl(mail).href
    const { subject, text, html } = readMail(mail)
    assert.equal(subject, 'Welcome to our newsletter')
    assert.equal(
      text.trim(),
      [
        'Hello,',
        'Thank you for subscribing to our newsletter. You will hear from us when there is something worth sharing: new features, event planning tips and product news.',
        'If you did not ask for this, you can ignore this email.',
        `To unsubscribe, open this link: ${url}`,
      ].join('\n\n')
    )
    assert.include(html, '<html lang="en">')
    assert.include(html, `<a href="${url}">Unsubscribe</a> from this newsletter.`)
  })

  test('the welcome email in French: subject, text and HTML', async ({ client, assert }) => {
    const { mail } = await subscribeIn(client, 'ann@example.com', 'fr')
    const url = unsubscribeUrl(mail).href
    const { subject, text, html } = readMail(mail)
    assert.equal(subject, 'Bienvenue à notre infolettre')
    assert.equal(
      text.trim(),
      [
        'Bonjour,',
        'Merci de vous être abonné à notre infolettre. Nous vous écrirons quand nous aurons quelque chose d’intéressant à partager : nouvelles fonctionnalités, conseils pour planifier vos événements et nouvelles du produit.',
        'Si vous n’avez rien demandé, vous pouvez ignorer ce courriel.',
        `Pour vous désabonner, ouvrez ce lien : ${url}`,
      ].join('\n\n')
    )
    assert.include(html, '<html lang="fr">')
    assert.include(html, '<p>Bonjour,</p>')
    assert.include(html, `<a href="${url}">Se désabonner</a> de cette infolettre.`)
  })

  const page: Record<Language, string[]> = {
    en: [
      '<html lang="en">',
      '<title>Newsletter</title>',
      '<p>Unsubscribe a***@example.com from the newsletter?</p>',
      '<button type="submit">Unsubscribe</button>',
    ],
    fr: [
      '<html lang="fr">',
      '<title>Infolettre</title>',
      '<p>Désabonner a***@example.com de l’infolettre?</p>',
      '<button type="submit">Me désabonner</button>',
    ],
  }
  const notSubscribed: Record<Language, string> = {
    en: '<p>a***@example.com is not subscribed to the newsletter.</p>',
    fr: '<p>a***@example.com n’est pas abonné à l’infolettre.</p>',
  }

  for (const language of LANGUAGES) {
    test(`the unsubscribe page in ${language}`, async ({ client, assert }) => {
      const { mail } = await subscribeIn(client, 'ann@example.com', 'en')
      const path = unsubscribePath(mail)
      const open = () =>
        client
          .get(path)
          .header('accept', 'text/html,*/*;q=0.8')
          .header('accept-language', ASK[language])

      const before = await open()
      before.assertStatus(200)
      assertSpeaks(before, language)
      for (const piece of page[language]) assert.include(before.text(), piece)

      const left = await client.post(path)
      left.assertStatus(200)
      const after = await open()
      assert.include(after.text(), notSubscribed[language])
    })
  }
})

test.group('Languages: account emails', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.setup(() => smtpServer.reset())
  group.each.teardown(() => smtpServer.reset())

  const verification: Record<Language, { subject: string; lines: string[] }> = {
    en: {
      subject: 'Confirm your email address',
      lines: [
        'Hello,',
        'Please confirm that this address belongs to you. The link below works once, within 24 hours.',
        'If you did not create an account, you can ignore this email.',
        'Confirm my email address: ',
      ],
    },
    fr: {
      subject: 'Confirmez votre adresse courriel',
      lines: [
        'Bonjour,',
        'Veuillez confirmer que cette adresse vous appartient. Le lien ci-dessous fonctionne une seule fois, dans les 24 heures.',
        'Si vous n’avez pas créé de compte, vous pouvez ignorer ce courriel.',
        'Confirmer mon adresse courriel : ',
      ],
    },
  }

  for (const language of LANGUAGES) {
    test(`signup’s verification email in the request’s language: ${language}`, async ({
      client,
      assert,
    }) => {
      const response = await client
        .post('/auth/signup')
        .header('accept-language', ASK[language])
        .json({ email: 'ann@example.com', password: 'a long enough password' })
      response.assertStatus(201)
      const [mail] = await mailsFor('ann@example.com')
      assert.equal(mail.subject, verification[language].subject)
      for (const line of verification[language].lines) {
        assert.include(mail.text, line)
        assert.include(mail.html, line.replace(/:\s*$/, '').trim())
      }
      assert.include(mail.html, `<html lang="${language}">`)
    })
  }

  test('the reset email follows the account’s locale over the request’s', async ({
    client,
    assert,
  }) => {
    const french = await UserFactory.merge({ locale: 'fr' }).create()
    const plain = await UserFactory.create()

    for (const user of [french, plain]) {
      const response = await client
        .post('/auth/password/forgot')
        .header('accept-language', user === french ? 'en' : 'fr-CA')
        .json({ email: user.email })
      response.assertStatus(202)
      // The route has no session: its title follows the request, the email the account.
      assertSpeaks(response, user === french ? 'en' : 'fr')
    }
    for (const user of [french, plain]) {
      const [mail] = await mailsFor(user.email)
      assert.equal(mail.subject, 'Réinitialisez votre mot de passe')
      assert.include(
        mail.text,
        'Si vous n’avez rien demandé, vous pouvez ignorer ce courriel : votre mot de passe reste inchangé.'
      )
      assert.match(mail.text, /Choisir un nouveau mot de passe : http/)
      assert.include(mail.html, '>Choisir un nouveau mot de passe</a>')
    }
  })

  test('the reset and changed-password emails in English, exactly as before', async ({
    client,
    assert,
  }) => {
    const user = await UserFactory.create()
    const forgot = await client.post('/auth/password/forgot').json({ email: user.email })
    forgot.assertStatus(202)
    const [reset] = await mailsFor(user.email)
    assert.equal(reset.subject, 'Reset your password')
    const token = new URL(/https?:\/\/\S+/.exec(reset.text)![0]).searchParams.get('token')!
    assert.equal(
      reset.text.replace(/https?:\/\/\S+/, 'LINK').trim(),
      [
        'Hello,',
        'Someone asked to reset the password of the account of this address. The link below lets you choose a new one; it works once, within 60 minutes.',
        'If you did not ask for this, you can ignore this email: your password stays as it is.',
        'Choose a new password: LINK',
      ].join('\n\n')
    )

    const resetting = await client
      .post('/auth/password/reset')
      .json({ token, password: 'a brand new password' })
    resetting.assertStatus(204)
    const changed = await lastMailFor(user.email)
    assert.equal(changed.subject, 'Your password was changed')
    assert.equal(
      changed.text.trim(),
      [
        'Hello,',
        'The password of your account was just reset, and every session of the account was ended.',
        'If this was not you, reset your password again at once and tell us.',
      ].join('\n\n')
    )
  })

  test('the changed-password email in French', async ({ client, assert }) => {
    const user = await UserFactory.create()
    const forgot = await client
      .post('/auth/password/forgot')
      .header('accept-language', 'fr')
      .json({ email: user.email })
    forgot.assertStatus(202)
    const [reset] = await mailsFor(user.email)
    const token = new URL(/https?:\/\/\S+/.exec(reset.text)![0]).searchParams.get('token')!
    const resetting = await client
      .post('/auth/password/reset')
      .header('accept-language', 'fr')
      .json({ token, password: 'a brand new password' })
    resetting.assertStatus(204)
    const changed = await lastMailFor(user.email)
    assert.equal(changed.subject, 'Votre mot de passe a été changé')
    assert.equal(
      changed.text.trim(),
      [
        'Bonjour,',
        'Le mot de passe de votre compte vient d’être réinitialisé, et toutes les sessions du compte ont été fermées.',
        'Si ce n’était pas vous, réinitialisez votre mot de passe immédiatement et avisez-nous.',
      ].join('\n\n')
    )
    assert.include(changed.html, '<html lang="fr">')
  })

  const invitation: Record<Language, { subject: string; body: string; link: string }> = {
    en: {
      subject: 'You are invited to join an organization',
      body: 'You are invited to join "Noces <Tremblay>". Sign in (or create an account) with this email address, then accept with the link below; it works once, within 7 days.',
      link: 'Accept the invitation: http',
    },
    fr: {
      subject: 'Vous êtes invité à vous joindre à une organisation',
      body: 'Vous êtes invité à vous joindre à « Noces <Tremblay> ». Connectez-vous (ou créez un compte) avec cette adresse courriel, puis acceptez avec le lien ci-dessous; il fonctionne une seule fois, dans les 7 jours.',
      link: 'Accepter l’invitation : http',
    },
  }

  for (const language of LANGUAGES) {
    test(`the invitation in the inviting request’s language: ${language}`, async ({
      client,
      assert,
    }) => {
      const { organization, cookie } = await memberWithOrganization(client)
      await db
        .from('organizations')
        .where('id', organization.id)
        .update({ name: 'Noces <Tremblay>' })
      const response = await client
        .post(`/organizations/${organization.id}/invitations`)
        .header('cookie', cookie)
        .header('accept-language', ASK[language])
        .json({ email: 'guest@example.com' })
      response.assertStatus(201)
      const [mail] = await mailsFor('guest@example.com')
      assert.equal(mail.subject, invitation[language].subject)
      assert.include(mail.text, invitation[language].body)
      assert.include(mail.text, invitation[language].link)
      const escaped = invitation[language].body
        .replaceAll('"', '&quot;')
        .replace('<', '&lt;')
        .replace('>', '&gt;')
      assert.include(mail.html, escaped)
      assert.notInclude(mail.html, '<Tremblay>')
    })
  }
})

test.group('Languages: email change and deletion emails', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.setup(() => smtpServer.reset())
  group.each.teardown(() => smtpServer.reset())

  test('an email change speaks the account’s locale: title, link, notice and confirmation', async ({
    client,
    assert,
  }) => {
    const { cookie } = await signedIn(client, { email: 'ann@example.com', locale: 'fr' })

    const response = await client
      .post('/auth/email/change')
      .header('cookie', cookie)
      .header('accept-language', 'en')
      .json({ email: 'ann@example.ca', currentPassword: FACTORY_PASSWORD })
    response.assertStatus(202)
    response.assertBody({
      messages: [
        {
          title:
            'Si la nouvelle adresse peut être utilisée, nous lui avons envoyé un lien pour confirmer le changement.',
        },
      ],
    })
    assertSpeaks(response, 'fr')

    const [link] = await mailsFor('ann@example.ca')
    assert.equal(link.subject, 'Confirmez votre nouvelle adresse courriel')
    assert.match(link.text, /Confirmer ma nouvelle adresse courriel : http/)
    const [notice] = await mailsFor('ann@example.com')
    assert.equal(notice.subject, 'Un changement de votre adresse courriel a été demandé')
    assert.include(
      notice.text,
      'Une personne connectée à votre compte a demandé de le déplacer vers ann@example.ca.'
    )

    const token = new URL(/https?:\/\/\S+/.exec(link.text)![0]).searchParams.get('token')!
    const confirm = await client.post('/auth/email/confirm').json({ token })
    confirm.assertStatus(200)
    const changed = await lastMailFor('ann@example.com')
    assert.equal(changed.subject, 'Votre adresse courriel a été changée')
    assert.include(changed.text, 'L’adresse courriel de votre compte est maintenant ann@example.ca')
    assert.include(changed.html, '<html lang="fr">')
  })

  test('the notice to an address that has an account speaks that account’s language', async ({
    client,
    assert,
  }) => {
    const user = await UserFactory.create()
    await UserFactory.merge({ email: 'taken@example.com', locale: 'en' }).create()
    await UserFactory.merge({ email: 'pris@example.com' }).create()
    const cookie = await sessionCookieFor(client, user)

    for (const email of ['taken@example.com', 'pris@example.com']) {
      const response = await client
        .post('/auth/email/change')
        .header('cookie', cookie)
        .header('accept-language', 'fr-CA')
        .json({ email, currentPassword: FACTORY_PASSWORD })
      response.assertStatus(202)
    }
    const [english] = await mailsFor('taken@example.com')
    assert.equal(english.subject, 'An account already exists for this address')
    const [french] = await mailsFor('pris@example.com')
    assert.equal(french.subject, 'Un compte existe déjà pour cette adresse')
    assert.include(french.text, 'Si c’était vous, connectez-vous plutôt avec cette adresse')
  })

  test('the deletion notice in the account’s language', async ({ client, assert }) => {
    const { user, cookie } = await signedIn(client, { locale: 'fr' })
    const response = await client
      .delete('/auth/account')
      .header('cookie', cookie)
      .json({ currentPassword: FACTORY_PASSWORD })
    response.assertStatus(204)
    const [mail] = await mailsFor(user.email)
    assert.equal(mail.subject, 'Votre compte a été supprimé')
    assert.equal(
      mail.text.trim(),
      [
        'Bonjour,',
        'Votre compte et ce qu’il contenait ont été supprimés, comme vous l’avez demandé, et toutes ses sessions ont été fermées. Les organisations dont vous étiez le seul membre ont été supprimées avec lui.',
        'Vous pouvez vous inscrire de nouveau avec cette adresse en tout temps. Si ce n’était pas vous, avisez-nous immédiatement.',
      ].join('\n\n')
    )
  })
})
