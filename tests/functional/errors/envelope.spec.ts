import { test } from '@japa/runner'

test.group('Error envelope', () => {
  test('an unknown route is a 404 in the envelope, never HTML', async ({ client }) => {
    const response = await client.get('/no/such/route').header('accept', 'text/html')

    response.assertStatus(404)
    response.assertHeader('content-type', 'application/json; charset=utf-8')
    response.assertBody({
      errors: [{ message: 'Resource not found', code: 'common.resource.not_found' }],
    })
  })

  test('a known path with another method is a 405 with Allow', async ({ client }) => {
    const response = await client.delete('/newsletter/subscribe')

    response.assertStatus(405)
    response.assertHeader('allow', 'POST')
    response.assertBody({
      errors: [{ message: 'Method not allowed', code: 'common.method.not_allowed' }],
    })
  })

  test('public endpoints hand out no session cookie', async ({ client, assert }) => {
    const response = await client.get('/health')

    response.assertStatus(200)
    assert.isUndefined(response.headers()['set-cookie'])
  })
})
