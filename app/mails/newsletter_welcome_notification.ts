import { BaseMail } from '@adonisjs/mail'
import { newsletterListId } from '#config/mail'

const SUBJECT = 'Welcome to our newsletter'

/** The only value put into the HTML, which builds it itself: escaped all the same. */
function escapeHtml(value: string) {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
}

const text = (unsubscribeUrl: string) => `Hello,

Thank you for subscribing to our newsletter. You will hear from us when there is something worth sharing: new features, event planning tips and product news.

If you did not ask for this, you can ignore this email.

To unsubscribe, open this link: ${unsubscribeUrl}
`

const html = (unsubscribeUrl: string) => `<!doctype html>
<html lang="en">
  <body style="font-family: sans-serif; line-height: 1.5; color: #1f2933">
    <p>Hello,</p>
    <p>Thank you for subscribing to our newsletter. You will hear from us when there is something
      worth sharing: new features, event planning tips and product news.</p>
    <p style="color: #616e7c">If you did not ask for this, you can ignore this email.</p>
    <p style="color: #616e7c; font-size: 0.875em">
      <a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe</a> from this newsletter.</p>
  </body>
</html>
`

/**
 * The welcome email of POST /newsletter/subscribe. Its body is a fixed
 * template: the subscriber's input never reaches the HTML. The sender is
 * the configured MAIL_FROM. It carries RFC 8058 one-click unsubscribe
 * (`List-Unsubscribe` and `List-Unsubscribe-Post`) and shows the same link,
 * and the list's `List-Id` (RFC 2919) that mailbox providers file it by.
 */
export default class NewsletterWelcomeNotification extends BaseMail {
  subject = SUBJECT

  constructor(
    private email: string,
    private unsubscribeUrl: string
  ) {
    super()
  }

  prepare() {
    this.message
      .to(this.email)
      .addListHeader('id', { url: newsletterListId, comment: 'Newsletter' })
      .listUnsubscribe(this.unsubscribeUrl, { oneClick: true })
      .text(text(this.unsubscribeUrl))
      .html(html(this.unsubscribeUrl))
  }
}
