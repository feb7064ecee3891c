import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { test } from '@japa/runner'
import { apiDescription } from '#api_docs/document'
import { compile, ROOT } from '#tests/helpers/api_client'
import { generateTypes, SCHEMA_FILE } from '../../../packages/api-client/scripts/generate_types.js'

test.group('Typed client: its types', () => {
  test('the checked-in types are what the document generates now', async ({ assert }) => {
    const generated = await generateTypes(apiDescription())
    const checkedIn = await readFile(join(ROOT, SCHEMA_FILE), 'utf8')
    if (generated !== checkedIn) {
      assert.fail(
        `${SCHEMA_FILE} is stale: the OpenAPI document changed. Run \`npm run client:generate\` and commit the result.`
      )
    }
    assert.include(checkedIn, '"/organizations/{organizationId}/events/{id}"')
  }).timeout(30_000)

  test('calls the API refuses do not compile (@ts-expect-error), the others do', async () => {
    await compile('tsconfig.json')
  }).timeout(60_000)
})
