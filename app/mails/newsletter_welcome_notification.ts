import { BaseMail } from '@adonisjs/mail'

const SUBJECT = 'Welcome to our newsletter'

const TEXT = `Hello,

Thank you for subscribing to our newsletter. You will hear from us when there is something worth sharing: new features, event planning tips and product news.

If you did not ask for this, you can ignore this email.
`

const HTML = `<!doctype html>
<html lang="en">
  <body style="font-family: sans-serif; line-height: 1.5; color: #1f2933">
    <p>Hello,</p>
    <p>Thank you for subscribing to our newsletter. You will hear from us when there is something
      worth sharing: new features, event planning tips and product news.</p>
    <p style="color: #616e7c">If you did not ask for this, you can ignore this email.</p>
  </body>
</html>
`

/**
 * The welcome email of POST /newsletter/subscribe. Its body is a fixed
 * template: the subscriber's input never reaches the HTML. The sender is
 * the configured MAIL_FROM.
 */
export default class NewsletterWelcomeNotification extends BaseMail {
  subject = SUBJECT

  constructor(private email: string) {
    super()
  }

  prepare() {
    this.message.to(this.email).text(TEXT).html(HTML)
  }
}
