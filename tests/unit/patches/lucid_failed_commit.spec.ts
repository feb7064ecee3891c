import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'

/**
 * patches/@adonisjs+lucid+*.patch: knex resolves `commit()` even when the
 * COMMIT fails (the failure only rejects the transaction's execution
 * promise), so Lucid reported a lost write as committed. A deferred
 * constraint trigger makes the COMMIT fail after every statement succeeded.
 */
const TABLE = 'patch_probe_failed_commits'

test.group('Patches: Lucid surfaces a COMMIT that fails', (group) => {
  group.setup(async () => {
    await db.rawQuery(`CREATE TABLE ${TABLE} (id integer NOT NULL)`)
    await db.rawQuery(`
      CREATE FUNCTION ${TABLE}_refuse() RETURNS trigger AS $$
      BEGIN
        RAISE EXCEPTION 'commit refused by a deferred constraint';
      END $$ LANGUAGE plpgsql`)
    await db.rawQuery(`
      CREATE CONSTRAINT TRIGGER refuse_at_commit AFTER INSERT ON ${TABLE}
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ${TABLE}_refuse()`)
    return async () => {
      await db.rawQuery(`DROP TABLE IF EXISTS ${TABLE}`)
      await db.rawQuery(`DROP FUNCTION IF EXISTS ${TABLE}_refuse()`)
    }
  })

  test('commit() rejects with the database error and runs no after-commit hook', async ({
    assert,
  }) => {
    const trx = await db.transaction()
    let committed = false
    trx.after('commit', () => {
      committed = true
    })
    await trx.insertQuery().table(TABLE).insert({ id: 1 })

    await assert.rejects(() => trx.commit(), /commit refused by a deferred constraint/)
    assert.isFalse(committed)
    assert.isTrue(trx.isCompleted)
    const [{ count }] = await db.from(TABLE).count('* as count')
    assert.equal(Number(count), 0)
  })

  test('a managed transaction rejects instead of returning its result', async ({ assert }) => {
    await assert.rejects(
      () =>
        db.transaction(async (trx) => {
          await trx.insertQuery().table(TABLE).insert({ id: 2 })
          return 'reported as committed'
        }),
      /commit refused by a deferred constraint/
    )
    const [{ count }] = await db.from(TABLE).count('* as count')
    assert.equal(Number(count), 0)
  })
})
