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
 * A typed client of the API. The session cookie travels with every call
 * (`credentials: 'include'`), so a page on a trusted origin (CORS_ORIGINS)
 * is signed in after POST /auth/login. Lists in the query string are sent
 * the way the document describes them: `status=PLANNED,COMPLETED`.
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
