import { AccountMail, frontendLink } from '#mails/account_mail'
import { frontendUrl } from '#config/accounts'

/** The link of POST /auth/password/forgot (60 minutes, one use). */
export default class PasswordResetNotification extends AccountMail {
  subject = 'Reset your password'

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
        'Someone asked to reset the password of the account of this address. The link below lets you choose a new one; it works once, within 60 minutes.',
        'If you did not ask for this, you can ignore this email: your password stays as it is.',
      ],
      link: {
        label: 'Choose a new password',
        url: frontendLink(frontendUrl, '/reset-password', this.token),
      },
    }
  }
}
