import app from '@adonisjs/core/services/app'
import MailDelivery from '#services/platform/mail_delivery'
import { smtpServer, type ReceivedMail } from '#tests/helpers/smtp_server'
import { readMail } from '#tests/helpers/mime'

/** Waits until every email sent in the background is delivered (or failed). */
export async function mailSettled() {
  const delivery = await app.container.make(MailDelivery)
  await delivery.idle()
}

/** The emails the SMTP server received for `to` with `subject` (decoded), once sending settled. */
export async function mailsTo(to: string, subject: string) {
  await mailSettled()
  return smtpServer.received.filter(
    (mail) => mail.to.includes(to) && readMail(mail).subject === subject
  )
}

/** The raw message with quoted-printable soft breaks and escapes undone. */
export function decoded(mail: ReceivedMail) {
  return mail.raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
}

/** Every link of the message's text part (the HTML carries the same ones). */
export function linksIn(mail: ReceivedMail) {
  return [...new Set(decoded(mail).match(/https?:\/\/[^\s"<>]+/g) ?? [])].map((link) =>
    link.replaceAll('&amp;', '&')
  )
}

/** The one link of an account email and its token. */
export function tokenLinkIn(mail: ReceivedMail) {
  const links = linksIn(mail)
  if (links.length !== 1) throw new Error(`expected one link, found ${links.join(', ')}`)
  const url = new URL(links[0])
  return { url, token: url.searchParams.get('token') ?? '' }
}
