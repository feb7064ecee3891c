import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from '@japa/runner'
import { SECRET_VARIABLES, resolveSecretFiles } from '#helpers/secret_files'

test.group('Secrets from files (NAME_FILE)', (group) => {
  let folder = ''
  group.each.setup(() => {
    folder = mkdtempSync(join(tmpdir(), 'secret-files-'))
    return () => rmSync(folder, { recursive: true, force: true })
  })

  test('every secret variable of the contract may be given as NAME_FILE', ({ assert }) => {
    assert.includeMembers(
      [...SECRET_VARIABLES],
      [
        'APP_KEY',
        'APP_PREVIOUS_KEYS',
        'MONITORING_SECRET',
        'DB_PASSWORD',
        'DATABASE_URL',
        'DATABASE_REPLICA_URL',
        'SMTP_PASSWORD',
        'REDIS_URL',
        'NEWSLETTER_ALTCHA_HMAC_KEY',
        'MAIL_DKIM_PRIVATE_KEY',
      ]
    )
  })

  for (const name of SECRET_VARIABLES) {
    test(`${name}_FILE: the file is read as ${name}, its final line break dropped`, ({
      assert,
    }) => {
      const file = join(folder, name.toLowerCase())
      writeFileSync(file, `value of ${name}\n`)
      const values: Record<string, string | undefined> = { [`${name}_FILE`]: file }
      assert.isNull(resolveSecretFiles(values, {}))
      assert.equal(values[name], `value of ${name}`)
    })

    test(`${name} and ${name}_FILE both set: refused, naming both`, ({ assert }) => {
      const file = join(folder, name.toLowerCase())
      writeFileSync(file, 'from the file')
      // Either may come from the process or from a .env file.
      for (const [values, processEnv] of [
        [{ [name]: 'inline', [`${name}_FILE`]: file }, {}],
        [{ [`${name}_FILE`]: file }, { [name]: 'inline' }],
        [{ [name]: 'inline' }, { [`${name}_FILE`]: file }],
      ]) {
        assert.equal(
          resolveSecretFiles(values, processEnv),
          `${name} and ${name}_FILE are both set: keep one (${name}_FILE names a file that holds ${name})`
        )
      }
    })
  }

  test('a file that cannot be read is named, and nothing is set', ({ assert }) => {
    const values: Record<string, string | undefined> = {
      APP_KEY_FILE: join(folder, 'missing'),
    }
    assert.match(resolveSecretFiles(values, {})!, /^APP_KEY_FILE cannot be read: ENOENT/)
    assert.isUndefined(values.APP_KEY)
  })

  test('a secret keeps its inner line breaks (a PEM key) and its spaces', ({ assert }) => {
    const file = join(folder, 'pem')
    writeFileSync(file, '-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----\r\n\n')
    const values: Record<string, string | undefined> = { MAIL_DKIM_PRIVATE_KEY_FILE: file }
    assert.isNull(resolveSecretFiles(values, {}))
    assert.equal(
      values.MAIL_DKIM_PRIVATE_KEY,
      '-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----'
    )
  })
})
