import { test } from '@japa/runner'

test.group('CORS', () => {
  test('a preflight from a frontend origin may call with credentials outside production', async ({
    client,
  }) => {
    const response = await client
      .options('/organizations')
      .header('origin', 'http://localhost:5173')
      .header('access-control-request-method', 'POST')
      .header('access-control-request-headers', 'content-type')

    response.assertStatus(204)
    response.assertHeader('access-control-allow-origin', 'http://localhost:5173')
    response.assertHeader('access-control-allow-credentials', 'true')
  })
})
