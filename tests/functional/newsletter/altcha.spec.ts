import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import type { Challenge } from 'altcha-lib'
import { resetDatabase } from '#tests/helpers/database'
import { AppProcess } from '#tests/helpers/app_process'
import { fetchChecked, subscribeOn } from '#tests/helpers/newsletter'
import { smtpServer } from '#tests/helpers/smtp_server'
import {
  ALTCHA_ENV,
  ALTCHA_KEY,
  challengeOf,
  signedChallenge,
  solve,
  solvedBy,
} from '#tests/helpers/altcha'

const SUBSCRIBED = { messages: [{ title: 'Successfully subscribed to the newsletter.' }] }

const CAPTCHA_INVALID = {
  errors: [
    {
      message: 'The anti-bot check is missing, invalid, expired or already used: complete it again',
      code: 'input.captcha.invalid',
      field: 'altcha',
    },
  ],
}

/** GET /newsletter/challenge on `api`, checked against the document. */
async function fetchChallenge(api: AppProcess) {
  const answer = await fetchChecked(api, '/newsletter/challenge')
  return { response: answer, challenge: answer.body as Challenge }
}

/** Base64 of JSON, as the widget encodes its payload. */
const encoded = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64')

async function contacts() {
  const [{ n }] = await db.from('newsletter_contacts').count('* as n')
  return Number(n)
}

/**
 * Two instances of the API with the proof of work on and the same key (the
 * in-process server keeps every switch off, as the spec's tests need), at
 * a cost the tests solve in milliseconds.
 */
test.group('Newsletter subscribe with the proof of work (ALTCHA)', (group) => {
  let api: AppProcess
  let other: AppProcess
  group.setup(async () => {
    api = await AppProcess.production({ NODE_ENV: 'test', ...ALTCHA_ENV })
    other = await AppProcess.production({ NODE_ENV: 'test', ...ALTCHA_ENV })
    await Promise.all([api.start(), other.start()])
    return async () => {
      await Promise.all([api.kill(), other.kill()])
    }
  })
  group.each.setup(() => resetDatabase())
  group.each.setup(() => smtpServer.reset())

  test('GET /newsletter/challenge answers the challenge itself, never cached', async ({
    assert,
  }) => {
    const before = Math.floor(Date.now() / 1000)
    const { response, challenge } = await fetchChallenge(api)

    assert.equal(response.status, 200)
    assert.equal(response.headers.get('cache-control'), 'no-store')
    assert.sameMembers(Object.keys(challenge), ['parameters', 'signature'])
    assert.match(challenge.signature!, /^[0-9a-f]{64}$/)
    assert.include(challenge.parameters, { algorithm: 'PBKDF2/SHA-256', cost: 1, keyLength: 32 })
    assert.match(challenge.parameters.keySignature!, /^[0-9a-f]{64}$/)
    assert.approximately(challenge.parameters.expiresAt! - before, 600, 5)
    // Each is new: a solution of one is no solution of another.
    const { challenge: again } = await fetchChallenge(api)
    assert.notEqual(again.parameters.nonce, challenge.parameters.nonce)
  })

  test('a solved challenge subscribes: 201, the contact, the welcome email', async ({ assert }) => {
    const answer = await subscribeOn(api, {
      email: 'ann@example.com',
      altcha: await solvedBy(api),
    })

    assert.equal(answer.status, 201)
    assert.deepEqual(answer.body, SUBSCRIBED)
    assert.equal(await contacts(), 1)
    assert.deepEqual(
      smtpServer.received.map((mail) => mail.to),
      [['ann@example.com']]
    )
  })

  test('403 input.captcha.invalid without a solution: {case}')
    .with([
      { case: 'no altcha member', altcha: undefined },
      { case: 'null', altcha: null },
      { case: 'an empty string', altcha: '' },
      { case: 'a number', altcha: 42 },
      { case: 'an object', altcha: { challenge: {}, solution: {} } },
      { case: 'not base64 of JSON', altcha: 'not a payload' },
      { case: 'base64 of a string', altcha: encoded('a string') },
      {
        case: 'the widget’s test mode',
        altcha: encoded({ challenge: null, solution: null, test: true }),
      },
      { case: 'one past 4096 characters', altcha: 'a'.repeat(4097) },
    ])
    .run(async ({ assert }, { altcha }) => {
      const answer = await subscribeOn(api, { email: 'ann@example.com', altcha })

      assert.equal(answer.status, 403)
      assert.deepEqual(answer.body, CAPTCHA_INVALID)
      assert.equal(await contacts(), 0)
      assert.lengthOf(smtpServer.received, 0)
    })

  test('403 in Canadian French for a French request; the code stays', async ({ assert }) => {
    const answer = await subscribeOn(
      api,
      { email: 'ann@example.com' },
      { 'accept-language': 'fr-CA' }
    )

    assert.equal(answer.status, 403)
    assert.equal(answer.headers.get('content-language'), 'fr')
    assert.deepEqual(answer.body, {
      errors: [
        {
          message:
            'La vérification antirobot est absente, invalide, expirée ou déjà utilisée : refaites-la',
          code: 'input.captcha.invalid',
          field: 'altcha',
        },
      ],
    })
  })

  test('403 for a tampered solution: {case}')
    .with([
      {
        case: 'a cheaper cost',
        tamper: (challenge: Challenge) => ({ ...challenge.parameters, cost: 0 }),
      },
      {
        case: 'a later expiry',
        tamper: (challenge: Challenge) => ({
          ...challenge.parameters,
          expiresAt: challenge.parameters.expiresAt! + 3600,
        }),
      },
      {
        case: 'another key prefix',
        tamper: (challenge: Challenge) => ({ ...challenge.parameters, keyPrefix: '00' }),
      },
    ])
    .run(async ({ assert }, { tamper }) => {
      const challenge = await challengeOf(api)
      const payload = JSON.parse(Buffer.from(await solve(challenge), 'base64').toString())
      payload.challenge.parameters = tamper(challenge)

      const answer = await subscribeOn(api, { email: 'ann@example.com', altcha: encoded(payload) })

      assert.equal(answer.status, 403)
      assert.deepEqual(answer.body, CAPTCHA_INVALID)
      assert.equal(await contacts(), 0)
    })

  test('403 for a wrong answer to a genuine challenge, or another signature', async ({
    assert,
  }) => {
    const challenge = await challengeOf(api)
    const payload = JSON.parse(Buffer.from(await solve(challenge), 'base64').toString())
    const wrongKey = { ...payload, solution: { ...payload.solution, derivedKey: 'ab'.repeat(32) } }
    const wrongSignature = {
      ...payload,
      challenge: { ...payload.challenge, signature: 'cd'.repeat(32) },
    }

    for (const altcha of [wrongKey, wrongSignature]) {
      const answer = await subscribeOn(api, { email: 'ann@example.com', altcha: encoded(altcha) })
      assert.equal(answer.status, 403)
      assert.deepEqual(answer.body, CAPTCHA_INVALID)
    }
    // The genuine solution is still good: the wrong ones spent nothing.
    const answer = await subscribeOn(api, { email: 'ann@example.com', altcha: encoded(payload) })
    assert.equal(answer.status, 201)
  })

  test('403 for a solved challenge signed with another key', async ({ assert }) => {
    const expiresAt = Math.floor(Date.now() / 1000) + 600
    const foreign = await signedChallenge('another-instance-key-of-32-characters!', expiresAt)

    const answer = await subscribeOn(api, {
      email: 'ann@example.com',
      altcha: await solve(foreign),
    })

    assert.equal(answer.status, 403)
    assert.deepEqual(answer.body, CAPTCHA_INVALID)
    assert.equal(await contacts(), 0)
  })

  test('403 for an expired challenge; the same, unexpired, passes', async ({ assert }) => {
    const now = Math.floor(Date.now() / 1000)
    const expired = await signedChallenge(ALTCHA_KEY, now - 1)
    const fresh = await signedChallenge(ALTCHA_KEY, now + 600)

    const late = await subscribeOn(api, { email: 'ann@example.com', altcha: await solve(expired) })
    const inTime = await subscribeOn(api, { email: 'ann@example.com', altcha: await solve(fresh) })

    assert.equal(late.status, 403)
    assert.deepEqual(late.body, CAPTCHA_INVALID)
    assert.equal(inTime.status, 201)
    assert.lengthOf(smtpServer.received, 1)
  })

  test('the same solution twice: the second is 403, on this instance or another', async ({
    assert,
  }) => {
    const altcha = await solvedBy(api)

    const first = await subscribeOn(api, { email: 'ann@example.com', altcha })
    const again = await subscribeOn(api, { email: 'bob@example.com', altcha })
    const elsewhere = await subscribeOn(other, { email: 'cy@example.com', altcha })

    assert.equal(first.status, 201)
    assert.equal(again.status, 403)
    assert.deepEqual(again.body, CAPTCHA_INVALID)
    assert.equal(elsewhere.status, 403)
    assert.deepEqual(elsewhere.body, CAPTCHA_INVALID)
    assert.equal(await contacts(), 1)
    assert.lengthOf(smtpServer.received, 1)
  })

  test('a challenge of one instance is solved and accepted on another', async ({ assert }) => {
    const answer = await subscribeOn(other, {
      email: 'ann@example.com',
      altcha: await solvedBy(api),
    })

    assert.equal(answer.status, 201)
  })

  test('two requests in parallel with one solution, on two instances: exactly one passes', async ({
    assert,
  }) => {
    for (let round = 1; round <= 5; round++) {
      const altcha = await solvedBy(api)
      const answers = await Promise.all([
        subscribeOn(api, { email: `ann${round}@example.com`, altcha }),
        subscribeOn(other, { email: `bob${round}@example.com`, altcha }),
      ])
      assert.deepEqual(answers.map((answer) => answer.status).sort(), [201, 403], `round ${round}`)
    }
    const tenAtOnce = await solvedBy(api)
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        subscribeOn(index % 2 ? api : other, {
          email: `many${index}@example.com`,
          altcha: tenAtOnce,
        })
      )
    )
    assert.deepEqual(answers.map((answer) => answer.status).sort(), [201, ...Array(9).fill(403)])
    assert.equal(await contacts(), 6)
    assert.lengthOf(smtpServer.received, 6)
  })

  test('60 challenges a minute per IP address, then 429 with the limit’s headers', async ({
    assert,
  }) => {
    for (let request = 1; request <= 60; request++) {
      const { response } = await fetchChallenge(api)
      assert.equal(response.status, 200)
      assert.equal(response.headers.get('x-ratelimit-remaining'), String(60 - request))
    }

    const { response, challenge } = await fetchChallenge(api)

    assert.equal(response.status, 429)
    assert.deepEqual(challenge, {
      errors: [{ message: 'Too many requests', code: 'common.rate_limit.exceeded' }],
    })
    assert.equal(response.headers.get('x-ratelimit-limit'), '60')
    assert.isAtMost(Number(response.headers.get('retry-after')), 60)
    // Another instance shares the count (the limiter's store is PostgreSQL).
    const elsewhere = await fetchChallenge(other)
    assert.equal(elsewhere.response.status, 429)
  })

  test('a bad email is the spec’s 422 first, and spends no solution', async ({ assert }) => {
    const altcha = await solvedBy(api)

    const typo = await subscribeOn(api, { email: 'ann@', altcha })
    const noSolution = await subscribeOn(api, { email: 'ann@' })
    const fixed = await subscribeOn(api, { email: 'ann@example.com', altcha })

    assert.equal(typo.status, 422)
    assert.equal(typo.body.errors[0].code, 'input.email.email')
    assert.equal(noSolution.status, 422)
    assert.equal(fixed.status, 201)
  })

  test('a spent solution is kept until its challenge expires, then pruned', async ({ assert }) => {
    await subscribeOn(api, { email: 'ann@example.com', altcha: await solvedBy(api) })
    const [spent] = await db.from('newsletter_captcha_solutions').select('*')
    assert.isAbove(new Date(spent.expires_at).getTime(), Date.now() + 590_000)
    // An expired row goes with the next solution accepted.
    await db
      .from('newsletter_captcha_solutions')
      .update({ expires_at: new Date(Date.now() - 1000) })

    await subscribeOn(api, { email: 'bob@example.com', altcha: await solvedBy(api) })

    const rows = await db.from('newsletter_captcha_solutions').select('signature')
    assert.lengthOf(rows, 1)
    assert.notEqual(rows[0].signature, spent.signature)
  })
})

test.group('Newsletter challenge while the proof of work is off', (group) => {
  group.each.setup(() => resetDatabase())

  test('GET /newsletter/challenge is 404, and subscribe ignores altcha', async ({ client }) => {
    const challenge = await client.get('/newsletter/challenge')
    challenge.assertStatus(404)
    challenge.assertBody({
      errors: [{ message: 'Resource not found', code: 'common.resource.not_found' }],
    })

    const response = await client
      .post('/newsletter/subscribe')
      .json({ email: 'ann@example.com', altcha: 'anything' })
    response.assertStatus(201)
    response.assertBody(SUBSCRIBED)
  })
})
