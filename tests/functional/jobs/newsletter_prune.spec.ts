import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { v7 as uuidv7 } from 'uuid'
import { jobs } from '#config/jobs'
import { resetDatabase } from '#tests/helpers/database'
import { settledJobs, startWorker } from '#tests/helpers/jobs'

/** An unconfirmed contact whose last confirmation link went out `days` ago. */
function unconfirmed(email: string, days: number) {
  return db.table('newsletter_contacts').insert({
    id: uuidv7(),
    email,
    status: 'unconfirmed',
    confirmation_sent_at: db.raw(`now() - make_interval(days => ?)`, [days]),
    created_at: db.raw(`now() - make_interval(days => ?)`, [days]),
  })
}

test.group('Jobs newsletter unconfirmed prune', (group) => {
  group.each.setup(() => resetDatabase())

  test('runs hourly (UTC) in the background: contacts whose link expired go, the others stay', async ({
    assert,
  }) => {
    // NEWSLETTER_CONFIRM_TTL is 7 days by default.
    await unconfirmed('stale@example.com', 8)
    await unconfirmed('fresh@example.com', 1)
    const worker = await startWorker(['newsletter-unconfirmed-prune'])

    try {
      const schedules = await worker.boss.getSchedules()
      assert.deepEqual(
        schedules.map(({ name, cron, timezone }) => ({ name, cron, timezone })),
        [
          {
            name: 'newsletter-unconfirmed-prune',
            cron: jobs.schedules['newsletter-unconfirmed-prune'],
            timezone: 'UTC',
          },
        ]
      )

      await worker.send('newsletter-unconfirmed-prune', null)
      const [job] = await settledJobs(worker, 'newsletter-unconfirmed-prune')

      assert.equal(job.state, 'completed')
      assert.deepEqual(job.output, { removed: 1, unsubscribedAgain: 0 })
      const left = await db.from('newsletter_contacts').select('email')
      assert.deepEqual(
        left.map((row) => row.email),
        ['fresh@example.com']
      )
    } finally {
      await worker.stop()
    }
  })
})
