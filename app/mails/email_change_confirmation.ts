import { AccountMail, frontendLink } from '#mails/account_mail'
import { frontendUrl } from '#config/accounts'

/** Sent to the new address by POST /auth/email/change (24 hours, one use). */
export default class EmailChangeConfirmation extends AccountMail {
  subject = 'Confirm your new email address'

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
        'Someone asked to move their account to this address. The link below confirms it; it works once, within 24 hours. Nothing changes until it is used.',
        'If you did not ask for this, you can ignore this email.',
      ],
      link: {
        label: 'Confirm my new email address',
        url: frontendLink(frontendUrl, '/confirm-email', this.token),
      },
    }
  }
}
