import type { ApiClient } from '@japa/api-client'
import type { ReceivedMail } from '#tests/helpers/smtp_server'

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
