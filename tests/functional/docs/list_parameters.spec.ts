import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import { UserFactory } from '#database/factories/user_factory'
import { sessionCookieFor } from '#tests/helpers/accounts'
import { resetDatabase } from '#tests/helpers/database'
import { fieldError } from '#tests/helpers/events'
import { EVENT_STATUSES } from '#types/event'

type Schema = Record<string, any>

/** One list parameter of the document: a query parameter holding an array of choices. */
type ListParameter = {
  /** `GET /organizations/{organizationId}/events` */
  route: string
  path: string
  name: string
  choices: string[]
  /** Whether the route pages with `limit` (the walk asks for one page of everything). */
  pages: boolean
  parameter: Schema
}

/**
 * Every array-typed query parameter of the served document (contract,
 * "Browser clients": a list is sent as `a,b`, `a%2Cb` or repeated keys), so
 * a list added to any route later is walked too.
 */
function listParameters(document: Schema): ListParameter[] {
  const lists: ListParameter[] = []
  for (const [path, operations] of Object.entries<Schema>(document.paths)) {
    for (const [method, operation] of Object.entries<Schema>(operations)) {
      const query = (operation.parameters ?? []).filter((p: Schema) => p.in === 'query')
      for (const parameter of query) {
        if (parameter.schema?.type !== 'array' && parameter.style !== 'form') continue
        lists.push({
          route: `${method.toUpperCase()} ${path}`,
          path,
          name: parameter.name,
          choices: parameter.schema?.items?.enum ?? [],
          pages: query.some((p: Schema) => p.name === 'limit'),
          parameter,
        })
      }
    }
  }
  return lists
}

/**
 * Real data behind every list route, made through the API: an organization
 * whose owner created an event of every status and whose audit log holds
 * seven different actions. Returns the owner's cookie and the values of
 * the path parameters.
 */
async function organizationWithHistory(client: ApiClient) {
  const [owner, member] = await UserFactory.createMany(2)
  const cookie = await sessionCookieFor(client, owner)
  const send = async (request: ReturnType<ApiClient['get']>, status: number) => {
    const response = await request.header('cookie', cookie)
    response.assertStatus(status)
    return response.body()
  }
  const { data: organization } = await send(
    client.post('/organizations').json({ name: 'Acme' }),
    201
  )
  const url = (tail: string) => `/organizations/${organization.id}${tail}`
  await send(client.patch(url('')).json({ name: 'Acme Inc' }), 200)
  await send(client.post(url('/members')).json({ email: member.email }), 201)
  await send(client.patch(url(`/members/${member.id}`)).json({ role: 'admin' }), 200)
  const { data: invitation } = await send(
    client.post(url('/invitations')).json({ email: 'carol@example.com' }),
    201
  )
  await send(client.delete(url(`/invitations/${invitation.id}`)), 204)
  for (const status of EVENT_STATUSES) {
    await send(client.post(url('/events')).json({ name: `A ${status} event`, status }), 201)
  }
  const { data: gone } = await send(client.post(url('/events')).json({ name: 'Gone' }), 201)
  await send(client.delete(url(`/events/${gone.id}`)), 204)
  return { cookie, pathValues: { organizationId: organization.id } as Record<string, string> }
}

test.group('List parameters', (group) => {
  group.each.setup(() => resetDatabase())

  test('every list parameter of the document filters alike in every form', async ({
    client,
    assert,
  }) => {
    const served = await client.get('/openapi.json')
    const lists = listParameters(served.body())
    // The walk is not empty: today's lists are among those the document marks as arrays.
    assert.includeMembers(
      lists.map(({ route, name }) => `${route} ${name}`),
      [
        'GET /organizations/{organizationId}/events status',
        'GET /organizations/{organizationId}/audit-log action',
      ]
    )
    const { cookie, pathValues } = await organizationWithHistory(client)

    for (const list of lists) {
      const { route, name, choices } = list
      // Described as a list: an array of choices, sent `a,b` (form, not exploded).
      assert.deepInclude(
        list.parameter,
        { style: 'form', explode: false },
        `${route}: ${name} is sent as a,b`
      )
      assert.equal(list.parameter.schema?.type, 'array', `${route}: ${name} is an array`)
      assert.isAbove(choices.length, 0, `${route}: ${name} lists its choices (items.enum)`)
      const path = list.path.replace(/\{(\w+)\}/g, (_, parameter: string) => {
        if (!pathValues[parameter]) throw new Error(`${route}: no value for {${parameter}}`)
        return pathValues[parameter]
      })
      const get = (query: string) =>
        client.get(`${path}?${list.pages ? 'limit=100&' : ''}${query}`).header('cookie', cookie)

      // The reference: every item, one page; the filter is checked against their `name` member.
      const everything = await get('')
      everything.assertStatus(200)
      const items: Schema[] = everything.body().data
      assert.isNull(everything.body().meta?.nextCursor ?? null, `${route}: one page of everything`)
      const present = choices.filter((choice) => items.some((item) => item[name] === choice))
      assert.isAtLeast(
        present.length,
        4,
        `${route}: the data holds fewer than four values of ${name}; make some in organizationWithHistory`
      )
      const [a, b, c] = present.map(encodeURIComponent)
      const idsWith = (values: string[]) =>
        items.filter((item) => values.includes(item[name])).map((item) => item.id)

      const forms: [string, string[]][] = [
        [`${name}=${a},${b}`, [present[0], present[1]]],
        [`${name}=${a}%2C${b}`, [present[0], present[1]]],
        [`${name}=${a}&${name}=${b}`, [present[0], present[1]]],
        // Mixed as they come, with a value twice.
        [`${name}=${a}%2C${b}&${name}=${c},${a}`, [present[0], present[1], present[2]]],
      ]
      for (const [query, values] of forms) {
        const response = await get(query)
        assert.equal(response.status(), 200, `${route}?${query}`)
        assert.deepEqual(
          response.body().data.map((item: Schema) => item.id),
          idsWith(values),
          `${route}?${query}`
        )
      }

      // A value outside the choices is the same 400 in every form.
      const refusal = {
        errors: [
          fieldError(
            name,
            'enum',
            `The ${name} field must be a comma-separated list of ${choices.join(', ')}`
          ),
        ],
      }
      for (const query of [
        `${name}=${a},unknown`,
        `${name}=${a}%2Cunknown`,
        `${name}=${a}&${name}=unknown`,
        `${name}=${a}%2C${b}&${name}=unknown`,
        `${name}=${a},`,
        `${name}=`,
      ]) {
        const response = await get(query)
        assert.equal(response.status(), 400, `${route}?${query}`)
        assert.deepEqual(response.body(), refusal, `${route}?${query}`)
      }
    }
  })
})
