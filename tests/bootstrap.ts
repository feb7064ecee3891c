import { assert } from '@japa/assert'
import { apiClient } from '@japa/api-client'
import app from '@adonisjs/core/services/app'
import type { Config } from '@japa/runner/types'
import { pluginAdonisJS } from '@japa/plugin-adonisjs'
import testUtils from '@adonisjs/core/services/test_utils'
import { dbAssertions } from '@adonisjs/lucid/plugins/db'
import { migrate } from '#tests/helpers/database'
import { smtpServer } from '#tests/helpers/smtp_server'
import { mailSettled } from '#tests/helpers/mails'

export const plugins: Config['plugins'] = [
  assert(),
  pluginAdonisJS(app),
  apiClient(),
  dbAssertions(app),
]

/**
 * Once for the run: migrate the test database (PostgreSQL, embedded unless
 * DATABASE_URL/DB_HOST say otherwise) and start the SMTP server the
 * welcome emails are delivered to.
 */
export const runnerHooks: Required<Pick<Config, 'setup' | 'teardown'>> = {
  setup: [() => migrate(), () => smtpServer.start()],
  teardown: [() => smtpServer.stop()],
}

export const configureSuite: Config['configureSuite'] = (suite) => {
  if (suite.name === 'functional') {
    // Account emails go out after the answer: none may reach the next test.
    suite.onGroup((group) => group.each.teardown(() => mailSettled()))
    suite.onTest((t) => t.teardown(() => mailSettled()))
    return suite.setup(() => testUtils.httpServer().start())
  }
}
