import type { ApiClient } from '@japa/api-client'
import type { Group } from '@japa/runner/core'
import app from '@adonisjs/core/services/app'
import { NewsletterMode } from '#services/newsletter/newsletter_mode'
import type { ReceivedMail } from '#tests/helpers/smtp_server'
import { apiDescription } from '#api_docs/document'
import { OpenApiChecker } from '#tests/helpers/openapi'
import { jsonRequest, type AppProcess } from '#tests/helpers/app_process'

/** The headers of a raw message, unfolded, by lower-cased name. */
export function mailHeaders(mail: ReceivedMail) {
  const head = mail.raw.split(/\r?\n\r?\n/, 1)[0].replace(/\r?\n[ \t]+/g, ' ')
  const headers = new Map<string, string>()
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(':')
    headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim())
  }
  return headers
}

/** The message's body parts, quoted-printable decoded. */
export function mailBody(mail: ReceivedMail) {
  return mail.raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
}

/** The unsubscribe URL of a welcome email (its List-Unsubscribe header). */
export function unsubscribeUrl(mail: ReceivedMail) {
  const header = mailHeaders(mail).get('list-unsubscribe') ?? ''
  return new URL(/^<([^>]+)>$/.exec(header)![1])
}

/** The path and query of a welcome email's unsubscribe link, for the API client. */
export function unsubscribePath(mail: ReceivedMail) {
  const url = unsubscribeUrl(mail)
  return `${url.pathname}${url.search}`
}

export function subscribe(client: ApiClient, email: string) {
  return client.post('/newsletter/subscribe').json({ email })
}

/** The confirmation link of a double opt-in email (the one link its text part shows). */
export function confirmationUrl(mail: ReceivedMail) {
  const found = /(https?:\/\/\S+\/newsletter\/confirm\?token=[^\s"<]+)/.exec(mailBody(mail))
  if (!found) throw new Error(`no confirmation link in:\n${mail.raw}`)
  return new URL(found[1])
}

/** The path and query of a confirmation link, for the API client. */
export function confirmationPath(mail: ReceivedMail) {
  const url = confirmationUrl(mail)
  return `${url.pathname}${url.search}`
}

/** The token of a confirmation link. */
export function confirmationTokenOf(mail: ReceivedMail) {
  return confirmationUrl(mail).searchParams.get('token')!
}

export const SEVEN_DAYS_MS = 7 * 86_400_000

/**
 * Double opt-in on for every test of `group` (as NEWSLETTER_DOUBLE_OPT_IN
 * would turn it on, read per request from the container), links living
 * `ttlMs`; `lifetime(ms)` changes it inside a test.
 */
export function withDoubleOptIn(group: Group, ttlMs = SEVEN_DAYS_MS) {
  const swapTo = (ms: number) =>
    app.container.swap(NewsletterMode, () => new NewsletterMode(true, ms))
  group.each.setup(() => {
    swapTo(ttlMs)
    return () => app.container.restore(NewsletterMode)
  })
  return { lifetime: swapTo }
}

/** An answer of a process started by a test, its JSON body parsed. */
export type FetchedAnswer = { status: number; body: any; headers: Headers }

let checker: OpenApiChecker | undefined

/**
 * A request to a process a test started (plain fetch, outside the API
 * client's check), its answer checked against the OpenAPI document here.
 */
export async function fetchChecked(
  api: AppProcess,
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}
): Promise<FetchedAnswer> {
  const method = init.method ?? 'GET'
  const response = await api.fetch(path, jsonRequest(method, init.body, init.headers))
  const body = await response.json()
  // Made at the first check: the document is built from the router, loaded by then.
  checker ??= new OpenApiChecker(apiDescription())
  checker.check({
    method,
    url: path,
    requestBody: init.body,
    status: response.status,
    headers: Object.fromEntries(response.headers),
    body,
  })
  return { status: response.status, body, headers: response.headers }
}

/** POST /newsletter/subscribe on a process a test started, checked against the document. */
export function subscribeOn(api: AppProcess, body: unknown, headers: Record<string, string> = {}) {
  return fetchChecked(api, '/newsletter/subscribe', { method: 'POST', body, headers })
}
