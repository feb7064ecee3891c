import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import app from '@adonisjs/core/services/app'
import ContactExport from '#services/newsletter/contact_export'
import { resetDatabase } from '#tests/helpers/database'
import { recordQueries } from '#tests/helpers/queries'

/**
 * The export's reading and writing, in process (tests/system/newsletter
 * runs the command itself and watches its memory).
 */
test.group('Newsletter export (contact_export)', (group) => {
  group.each.setup(() => resetDatabase())

  test('past one batch, every contact comes out once, in id order, one query per batch', async ({
    assert,
  }) => {
    await db.rawQuery(
      `INSERT INTO newsletter_contacts (id, email, status, created_at)
       SELECT gen_random_uuid(), 'reader' || n || '@example.com',
              CASE WHEN n % 4 = 0 THEN 'unsubscribed' ELSE 'subscribed' END, now()
         FROM generate_series(1, 2500) n`
    )
    const ids = await db.from('newsletter_contacts').orderBy('id').select('id')

    const contactExport = await app.container.make(ContactExport)
    using queries = recordQueries()
    const chunks: string[] = []
    for await (const chunk of contactExport.rows('all', 'csv')) chunks.push(chunk)

    const [header, ...lines] = chunks.join('').split('\r\n').filter(Boolean)
    assert.match(header, /^id,email,status,/)
    assert.deepEqual(
      lines.map((line) => line.split(',')[0]),
      ids.map((row) => row.id)
    )
    // 1000 rows per read: three batches, and the empty read that ends it.
    assert.lengthOf(queries.statements, 4)
    // Written in small pieces, never a whole batch in one string.
    assert.isAbove(chunks.length, 3 * 10)
  })
})
