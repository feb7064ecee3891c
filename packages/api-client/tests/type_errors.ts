/**
 * Compiled by the test suite (tsc), never run: each `@ts-expect-error` must
 * meet a type error, or the compilation fails ("unused directive"). So the
 * generated types really refuse what the API refuses.
 */
import { createApiClient, type ApiError, type Event } from '../src/index.js'

const api = createApiClient({ baseUrl: 'https://api.example.com' })
const organizationId = '0190a0a0-0000-7000-8000-000000000000'

export async function refused() {
  // @ts-expect-error a route the API does not have
  await api.GET('/organisations')
  // @ts-expect-error a method the route does not have
  await api.PUT('/organizations')
  // @ts-expect-error the path parameter is missing
  await api.GET('/organizations/{organizationId}/events', {})
  // @ts-expect-error a path parameter of another name
  await api.GET('/organizations/{organizationId}', { params: { path: { id: organizationId } } })
  // @ts-expect-error the body is missing
  await api.POST('/auth/login', {})
  // @ts-expect-error a wrong body: the name is a string
  await api.POST('/organizations', { body: { name: 42 } })
  await api.POST('/organizations/{organizationId}/events', {
    params: { path: { organizationId } },
    // @ts-expect-error a status the API does not know
    body: { name: 'Launch', status: 'DONE' },
  })
  await api.GET('/organizations/{organizationId}/events', {
    // @ts-expect-error a list filter takes statuses, not any text
    params: { path: { organizationId }, query: { status: ['DONE'] } },
  })
  await api.GET('/organizations/{organizationId}/events', {
    // @ts-expect-error a sort the API does not offer
    params: { path: { organizationId }, query: { sort: 'name' } },
  })
}

export async function accepted(): Promise<Event | ApiError> {
  const { data, error } = await api.GET('/organizations/{organizationId}/events', {
    params: {
      path: { organizationId },
      query: { status: ['PLANNED', 'COMPLETED'], sort: '-targetDate', limit: 10 },
    },
  })
  if (error) {
    // The error envelope is typed.
    const code: string = error.errors[0].code
    void code
    return error
  }
  // @ts-expect-error a field events do not have
  void data.data[0].title
  return data.data[0]
}

/**
 * Every nested member the document describes reads without a cast (issue 29:
 * a bare `{ type: 'object' }` used to become `Record<string, never>`), and a
 * member it does not describe does not compile.
 */
export function nestedMembers(event: Event, error: ApiError) {
  const approximate: number | undefined = event.metadata.guestCount?.approximate
  const guests: (number | undefined)[] = [
    event.metadata.guestCount?.min,
    event.metadata.guestCount?.max,
  ]
  const budget: (number | string | undefined)[] = [
    event.metadata.budgetRange?.min,
    event.metadata.budgetRange?.max,
    event.metadata.budgetRange?.currency,
  ]
  const category: 'wedding' | 'birthday' | 'graduation' | 'proposal' | 'other' | undefined =
    event.metadata.category
  const customCategory: string | undefined = event.metadata.customCategory
  const city: string | undefined = event.address?.city
  const organizationIds: string[] | undefined = error.errors[0].meta?.organizationIds
  const methods: string[] | undefined = error.errors[0].meta?.methods
  const maxAgeSeconds: number | undefined = error.errors[0].meta?.maxAgeSeconds
  // @ts-expect-error a metadata member the spec does not define
  void event.metadata.colour
  // @ts-expect-error a meta key the contract does not name
  void error.errors[0].meta?.userIds
  return [approximate, guests, budget, category, customCategory, city, organizationIds, methods]
    .concat([maxAgeSeconds])
    .flat()
}
