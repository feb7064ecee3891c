import { test } from '@japa/runner'
import { apiDescription, servedRoutes } from '#api_docs/document'
import { OpenApiChecker } from '#tests/helpers/openapi'
import { memberWithOrganization } from '#tests/helpers/accounts'
import { resetDatabase } from '#tests/helpers/database'
import { eventsPath } from '#tests/helpers/events'

test.group('API description', (group) => {
  group.each.setup(() => resetDatabase())

  test('GET /openapi.json is an OpenAPI 3.1 document of every route', async ({
    client,
    assert,
  }) => {
    const response = await client.get('/openapi.json')

    response.assertStatus(200)
    assert.include(response.header('content-type'), 'application/json')
    const document = response.body()
    assert.equal(document.openapi, '3.1.0')
    assert.deepEqual(document, JSON.parse(JSON.stringify(apiDescription())))
    const described = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods as object).map(
        (method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`
      )
    )
    assert.sameMembers(described, servedRoutes())
    for (const route of [
      'GET /organizations/:organizationId/events',
      'DELETE /organizations/:organizationId/events/:id',
      'GET /health/live',
      'GET /health/ready',
      'POST /newsletter/subscribe',
      'POST /auth/signup',
    ]) {
      assert.include(described, route)
    }
    // Bounds come from the validators themselves (VineJS's JSON Schema).
    const create = document.paths['/organizations/{organizationId}/events'].post
    const body = create.requestBody.content['application/json'].schema
    assert.deepInclude(body.properties.name, { type: 'string', minLength: 1, maxLength: 255 })
    assert.include(
      create.parameters.map((p: { name: string }) => p.name),
      'Idempotency-Key'
    )
    assert.includeMembers(Object.keys(create.responses), [
      '201',
      '400',
      '401',
      '403',
      '409',
      '422',
      '503',
    ])
    const list = document.paths['/organizations/{organizationId}/events'].get
    const limit = list.parameters.find((p: { name: string }) => p.name === 'limit')
    assert.deepInclude(limit.schema, { type: 'integer', minimum: 1, maximum: 100 })
    assert.deepEqual(Object.keys(document.components.securitySchemes), [
      'session',
      'monitoringSecret',
      'monitoringBearer',
    ])
  })

  test('GET /docs renders the document with the API’s own viewer, nothing from elsewhere', async ({
    client,
    assert,
  }) => {
    const page = await client.get('/docs')
    page.assertStatus(200)
    assert.include(page.header('content-type'), 'text/html')
    const csp = page.header('content-security-policy')
    assert.include(csp, "default-src 'none'")
    assert.include(csp, "script-src 'self'")
    assert.include(csp, "connect-src 'self'")
    const html = page.text()
    assert.include(html, '<script src="/docs/viewer.js"></script>')
    // No absolute URL: every resource comes from the API itself.
    assert.notMatch(html, /(src|href)="(https?:)?\/\//)

    const viewer = await client.get('/docs/viewer.js')
    viewer.assertStatus(200)
    assert.include(viewer.header('content-type'), 'text/javascript')
    assert.include(viewer.text(), "fetch('/openapi.json')")
    assert.notInclude(viewer.text(), 'innerHTML')
    // Operations grouped by the document's declared tags, each with its operationId.
    assert.include(viewer.text(), 'spec.tags')
    assert.include(viewer.text(), 'operation.operationId')
  })

  test('the checker the functional tests use rejects what the document does not say', async ({
    client,
    assert,
  }) => {
    const { organization, cookie } = await memberWithOrganization(client)
    const created = await client
      .post(eventsPath(organization.id))
      .header('cookie', cookie)
      .json({ name: 'Gala' })
    created.assertStatus(201)
    const exchange = {
      method: 'POST',
      url: eventsPath(organization.id),
      requestBody: { name: 'Gala' },
      status: 201,
      headers: created.headers(),
      body: created.body(),
    }
    const document = structuredClone(apiDescription())
    new OpenApiChecker(document).check(exchange)

    // A deliberately wrong schema: the event's name said to be a number.
    document.components.schemas.Event.properties.name = { type: 'number' }
    assert.throws(
      () => new OpenApiChecker(document).check(exchange),
      /POST \/organizations\/[^ ]+\/events → 201 body does not match the document/
    )

    const checker = new OpenApiChecker(apiDescription())
    // A status the route does not list, a route the document does not have.
    assert.throws(() => checker.check({ ...exchange, status: 418 }), /status 418 is not documented/)
    assert.throws(
      () => checker.check({ ...exchange, url: '/secret', status: 200 }),
      /describes no such route/
    )
    // A body member the representation does not have.
    assert.throws(
      () =>
        checker.check({
          ...exchange,
          body: { data: { ...created.body().data, extra: true } },
        }),
      /does not match the document/
    )
    // A documented header missing.
    assert.throws(
      () => checker.check({ ...exchange, headers: { ...created.headers(), etag: undefined } }),
      /documented header ETag is missing/
    )
    // An accepted request that breaks the request schema.
    assert.throws(
      () => checker.check({ ...exchange, requestBody: { name: 42 } }),
      /request body does not match the document/
    )
    assert.throws(
      () =>
        checker.check({
          ...exchange,
          method: 'GET',
          url: `${eventsPath(organization.id)}?limit=500`,
          status: 200,
          body: { data: [], meta: { nextCursor: null } },
        }),
      /query limit does not match the document/
    )
  })
})
