import { AccountMail, frontendLink } from '#mails/account_mail'
import { frontendUrl } from '#config/accounts'

/** Sent at signup and by POST /auth/email/verification (24 hours, one use). */
export default class EmailVerificationNotification extends AccountMail {
  constructor(
    recipient: string,
    language: string,
    private token: string
  ) {
    super(recipient, language, 'email_verification')
  }

  protected body() {
    const t = (key: string) => this.i18n.t(`mail.email_verification.${key}`)
    return {
      paragraphs: [this.i18n.t('mail.common.greeting'), t('body'), t('ignore')],
      link: {
        label: t('link'),
        url: frontendLink(frontendUrl, '/verify-email', this.token),
      },
    }
  }
}
