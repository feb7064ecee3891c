import { assert } from '@japa/assert'
import { apiClient, ApiClient } from '@japa/api-client'
import app from '@adonisjs/core/services/app'
import type { Config } from '@japa/runner/types'
import { pluginAdonisJS } from '@japa/plugin-adonisjs'
import testUtils from '@adonisjs/core/services/test_utils'
import { dbAssertions } from '@adonisjs/lucid/plugins/db'
import { migrate } from '#tests/helpers/database'
import { smtpServer } from '#tests/helpers/smtp_server'
import { mailSettled } from '#tests/helpers/mails'
import { OpenApiChecker } from '#tests/helpers/openapi'
import { apiDescription } from '#api_docs/document'

export const plugins: Config['plugins'] = [
  assert(),
  pluginAdonisJS(app),
  apiClient(),
  dbAssertions(app),
]

/**
 * Every request the functional tests make with the API client, and its
 * answer, is checked against GET /openapi.json's document (the same object),
 * so the document cannot drift from the API: a route, status or body it
 * does not describe fails the test that met it. (Requests sent with plain
 * fetch — raw bodies, the system tests' child processes — are outside it.)
 */
let checker: OpenApiChecker | undefined
ApiClient.teardown((response) => {
  checker ??= new OpenApiChecker(apiDescription())
  const { config } = response.request
  const type = String(response.headers()['content-type'] ?? '')
  checker.check({
    method: config.method,
    url: config.endpoint,
    requestBody: (response.request.request as unknown as { _data?: unknown })._data,
    status: response.status(),
    headers: response.headers(),
    body: type.includes('json') ? response.body() : response.text(),
  })
})

/**
 * Once for the run: migrate the test database (PostgreSQL, embedded unless
 * DATABASE_URL/DB_HOST say otherwise) and start the SMTP server the
 * welcome emails are delivered to.
 */
export const runnerHooks: Required<Pick<Config, 'setup' | 'teardown'>> = {
  setup: [() => migrate(), () => smtpServer.start()],
  teardown: [() => smtpServer.stop()],
}

/**
 * The functional and system suites talk to the in-process HTTP server (the
 * system tests also start their own processes beside it).
 */
export const configureSuite: Config['configureSuite'] = (suite) => {
  if (suite.name === 'functional' || suite.name === 'system') {
    // Account emails go out after the answer: none may reach the next test.
    suite.onGroup((group) => group.each.teardown(() => mailSettled()))
    suite.onTest((t) => t.teardown(() => mailSettled()))
    return suite.setup(() => testUtils.httpServer().start())
  }
}
