import { AccountMail, frontendLink } from '#mails/account_mail'
import { frontendUrl } from '#config/accounts'

/** The link of POST /auth/password/forgot (60 minutes, one use). */
export default class PasswordResetNotification extends AccountMail {
  constructor(
    recipient: string,
    language: string,
    private token: string
  ) {
    super(recipient, language, 'password_reset')
  }

  protected body() {
    const t = (key: string) => this.i18n.t(`mail.password_reset.${key}`)
    return {
      paragraphs: [this.i18n.t('mail.common.greeting'), t('body'), t('ignore')],
      link: {
        label: t('link'),
        url: frontendLink(frontendUrl, '/reset-password', this.token),
      },
    }
  }
}
