import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { resetDatabase } from '#tests/helpers/database'
import { testDatabaseUrl } from '#tests/helpers/app_process'
import { smtpServer } from '#tests/helpers/smtp_server'
import {
  confirmationTokenOf,
  subscribe,
  unsubscribePath,
  withDoubleOptIn,
} from '#tests/helpers/newsletter'

const APP_ROOT = fileURLToPath(new URL('../../../', import.meta.url))

const HEADER =
  'id,email,status,created_at,consented_at,consent_ip,consent_user_agent,consent_origin,consent_referer,unsubscribed_at,unsubscribed_via,consent_method,confirmed_at,confirm_ip,confirm_user_agent'

/**
 * Runs `node ace newsletter:export` as its own process against the test
 * database. Its output is counted as it streams (only the first lines and
 * the last are kept); `heapMb` caps its heap.
 */
function runExport(flags: string[], heapMb?: number) {
  return new Promise<{
    code: number | null
    lines: number
    head: string[]
    last: string
    stderr: string
  }>((resolve, reject) => {
    const child = spawn(process.execPath, ['ace.js', 'newsletter:export', ...flags], {
      cwd: APP_ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        NODE_ENV: 'test',
        DATABASE_URL: testDatabaseUrl(),
        LOG_LEVEL: 'warn',
        ...(heapMb ? { NODE_OPTIONS: `--max-old-space-size=${heapMb}` } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let lines = 0
    let pending = ''
    const head: string[] = []
    let last = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      const parts = (pending + chunk).split('\n')
      pending = parts.pop()!
      for (const line of parts) {
        lines++
        if (head.length < 3) head.push(line.replace(/\r$/, ''))
        last = line.replace(/\r$/, '')
      }
    })
    let stderr = ''
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    child.once('error', reject)
    child.once('close', (code) => {
      resolve({ code, lines, head, last, stderr })
    })
  })
}

/** One statement: `count` contacts, every fourth unsubscribed, each with a consent record. */
async function seedContacts(count: number) {
  await db.rawQuery(
    `INSERT INTO newsletter_contacts (id, email, status, created_at, consented_at, consent_ip,
       consent_user_agent, consent_origin, consent_referer, unsubscribed_at, unsubscribed_via)
     SELECT gen_random_uuid(), 'reader' || n || '@example.com',
       CASE WHEN n % 4 = 0 THEN 'unsubscribed' ELSE 'subscribed' END,
       now(), now(), '203.0.113.7', 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0',
       'https://events.example', 'https://events.example/blog/newsletter',
       CASE WHEN n % 4 = 0 THEN now() END, CASE WHEN n % 4 = 0 THEN 'one_click' END
     FROM generate_series(1, ?) AS n`,
    [count]
  )
}

test.group('Newsletter export (node ace newsletter:export)', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.setup(() => smtpServer.reset())

  test('streams 200 000 contacts as CSV in a heap smaller than the CSV', async ({ assert }) => {
    await seedContacts(200_000)
    // The command starts in about 40 MB of heap and the CSV is about 40 MB: capped at 64 MB, an
    // export that held the contacts (or the text) before writing them would run out of memory.
    const large = await runExport(['--format=csv', '--status=all'], 64)

    assert.equal(large.code, 0, large.stderr)
    assert.equal(large.lines, 200_001)
    assert.equal(large.head[0], HEADER)
    assert.match(
      large.head[1],
      /^[0-9a-f-]{36},reader\d+@example\.com,(un)?subscribed,[^,]+,[^,]+,203\.0\.113\.7,Mozilla\/5\.0 \(X11; Linux x86_64\) Firefox\/140\.0,https:\/\/events\.example,https:\/\/events\.example\/blog\/newsletter,/
    )
  }).timeout(120_000)

  test('exports one status as JSON Lines, each contact with its consent record', async ({
    client,
    assert,
  }) => {
    const first = await subscribe(client, 'ann@example.com')
    first.assertStatus(201)
    const second = await client
      .post('/newsletter/subscribe')
      .header('user-agent', '=HYPERLINK("x")')
      .header('referer', 'https://events.example/blog')
      .json({ email: 'bob@example.com' })
    second.assertStatus(201)
    await client
      .post(unsubscribePath(smtpServer.received[1]))
      .form({ 'List-Unsubscribe': 'One-Click' })

    const unsubscribed = await runExport(['--status=unsubscribed', '--format=json'])
    assert.equal(unsubscribed.code, 0, unsubscribed.stderr)
    assert.equal(unsubscribed.lines, 1)
    const bob = JSON.parse(unsubscribed.head[0])
    const row = await db.from('newsletter_contacts').where('email', 'bob@example.com').firstOrFail()
    assert.deepEqual(bob, {
      id: row.id,
      email: 'bob@example.com',
      status: 'unsubscribed',
      created_at: row.created_at.toISOString(),
      consented_at: row.consented_at.toISOString(),
      consent_ip: '127.0.0.1',
      consent_user_agent: '=HYPERLINK("x")',
      consent_origin: null,
      consent_referer: 'https://events.example/blog',
      unsubscribed_at: row.unsubscribed_at.toISOString(),
      unsubscribed_via: 'one_click',
      consent_method: 'api',
      confirmed_at: null,
      confirm_ip: null,
      confirm_user_agent: null,
    })

    const subscribed = await runExport(['--status=subscribed'])
    assert.equal(subscribed.lines, 2)
    assert.match(subscribed.head[1], /^[0-9a-f-]{36},ann@example\.com,subscribed,/)

    // A formula in a CSV cell is neutralised.
    const all = await runExport(['--status=all', '--format=csv'])
    assert.equal(all.lines, 3)
    assert.include(all.last, `"'=HYPERLINK(""x"")"`)
  }).timeout(60_000)

  test('refuses an unknown {$self}')
    .with(['--status=pending', '--format=xml'])
    .run(async ({ assert }, flag) => {
      const result = await runExport([flag])

      assert.equal(result.code, 1)
      assert.equal(result.lines, 0)
      assert.match(result.stderr, /must be one of/)
    })
    .timeout(60_000)
})

test.group('Newsletter export (node ace newsletter:export): double opt-in', (group) => {
  withDoubleOptIn(group)
  group.each.setup(() => resetDatabase())
  group.each.setup(() => smtpServer.reset())

  test('carries how consent was given, and when and from where it was confirmed', async ({
    client,
    assert,
  }) => {
    await client
      .post('/newsletter/subscribe')
      .header('user-agent', 'Form browser')
      .json({ email: 'ann@example.com' })
    const confirmed = await client
      .post('/newsletter/confirm')
      .header('user-agent', 'Mail client')
      .json({ token: confirmationTokenOf(smtpServer.received[0]) })
    confirmed.assertStatus(200)
    const waiting = await subscribe(client, 'bob@example.com')
    waiting.assertStatus(202)

    const subscribed = await runExport(['--status=subscribed', '--format=json'])

    assert.equal(subscribed.code, 0, subscribed.stderr)
    assert.equal(subscribed.lines, 1)
    const ann = JSON.parse(subscribed.head[0])
    const row = await db.from('newsletter_contacts').where('email', 'ann@example.com').firstOrFail()
    assert.containSubset(ann, {
      email: 'ann@example.com',
      status: 'subscribed',
      consented_at: row.consented_at.toISOString(),
      consent_ip: '127.0.0.1',
      consent_user_agent: 'Form browser',
      consent_method: 'double_opt_in',
      confirmed_at: row.confirmed_at.toISOString(),
      confirm_ip: '127.0.0.1',
      confirm_user_agent: 'Mail client',
    })

    const unconfirmed = await runExport(['--status=unconfirmed', '--format=csv'])
    assert.equal(unconfirmed.lines, 2)
    assert.match(unconfirmed.head[1], /^[0-9a-f-]{36},bob@example\.com,unconfirmed,/)
  }).timeout(60_000)
})
