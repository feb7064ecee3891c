import createFetchClient, { type Client, type ClientOptions } from 'openapi-fetch'
import type { components, paths } from './schema.js'

export type { components, paths }

/** The body of every error answer: `{ errors: [{ message, code, field?, rule? }] }`. */
export type ApiError = components['schemas']['Error']
export type Event = components['schemas']['Event']
export type Organization = components['schemas']['Organization']
export type User = components['schemas']['User']

export type ApiClient = Client<paths>

export type ApiClientOptions = Omit<ClientOptions, 'querySerializer'> & {
  /** The API's base URL, e.g. `https://api.example.com`. */
  baseUrl: string
}

/**
 * A typed client of the API. In a browser the session cookie travels with
 * every call (`credentials: 'include'`), so a page on a trusted origin
 * (CORS_ORIGINS) is signed in after POST /auth/login. Node's `fetch` keeps no
 * cookies: on a server, pass `fetch: createCookieFetch()`. Lists in the query
 * string are sent the way the document describes them: `status=PLANNED,COMPLETED`.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  return createFetchClient<paths>({
    credentials: 'include',
    ...options,
    querySerializer: { array: { style: 'form', explode: false } },
  })
}

/** The `code` of each error of a failed call, e.g. `['auth.cross_origin_request']`. */
export function errorCodes(error: ApiError | undefined): string[] {
  return error?.errors.map((item) => item.code) ?? []
}

/** A `fetch` that keeps the cookies the API sets; `cookies` holds them, by origin. */
export type CookieFetch = ((input: Request) => Promise<Response>) & {
  /** The cookies kept, by origin (`https://api.example.com`), then by name. */
  readonly cookies: Map<string, Map<string, string>>
}

/**
 * A `fetch` for server-side code (Node, Bun, Deno, a worker) that does what a
 * browser does with the session: it keeps each cookie an answer sets
 * (`Set-Cookie`), sends it back to the same origin only, and forgets it when
 * the API expires it (logout). Node's own `fetch` keeps no cookies, so
 * without it POST /auth/login answers 200 and the next call 401.
 *
 *     const api = createApiClient({ baseUrl, fetch: createCookieFetch() })
 *
 * One `createCookieFetch()` is one signed-in user: never share it between
 * the users of a server. `baseFetch` is the `fetch` it wraps (globalThis.fetch).
 */
export function createCookieFetch(
  baseFetch: (input: Request) => Promise<Response> = (input) => globalThis.fetch(input)
): CookieFetch {
  const cookies = new Map<string, Map<string, string>>()

  async function cookieFetch(input: Request) {
    const { origin } = new URL(input.url)
    const kept = cookies.get(origin)
    let request = input
    if (kept?.size) {
      const headers = new Headers(input.headers)
      const sent = [...kept].map(([name, value]) => `${name}=${value}`)
      const own = headers.get('cookie')
      headers.set('cookie', [own, ...sent].filter(Boolean).join('; '))
      request = new Request(input, { headers })
    }

    const response = await baseFetch(request)
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';')
      const separator = pair.indexOf('=')
      if (separator < 1) continue
      const name = pair.slice(0, separator).trim()
      const value = pair.slice(separator + 1).trim()
      const jar = cookies.get(origin) ?? new Map<string, string>()
      cookies.set(origin, jar)
      if (value === '' || attributes.some(isExpiry)) jar.delete(name)
      else jar.set(name, value)
    }
    return response
  }

  return Object.assign(cookieFetch, { cookies })
}

/** Whether a Set-Cookie attribute removes the cookie: `Max-Age=0` or an `Expires` in the past. */
function isExpiry(attribute: string) {
  const [key, ...rest] = attribute.split('=')
  const name = key.trim().toLowerCase()
  const value = rest.join('=').trim()
  if (name === 'max-age') return Number(value) <= 0
  if (name === 'expires') return Date.parse(value) <= Date.now()
  return false
}
