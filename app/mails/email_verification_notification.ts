import { AccountMail, frontendLink } from '#mails/account_mail'
import { frontendUrl } from '#config/accounts'

/** Sent at signup and by POST /auth/email/verification (24 hours, one use). */
export default class EmailVerificationNotification extends AccountMail {
  subject = 'Confirm your email address'

  constructor(
    recipient: string,
    private token: string
  ) {
    super(recipient)
  }

  protected body() {
    return {
      paragraphs: [
        'Hello,',
        'Please confirm that this address belongs to you. The link below works once, within 24 hours.',
        'If you did not create an account, you can ignore this email.',
      ],
      link: {
        label: 'Confirm my email address',
        url: frontendLink(frontendUrl, '/verify-email', this.token),
      },
    }
  }
}
