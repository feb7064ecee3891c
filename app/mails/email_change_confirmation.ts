import { AccountMail, frontendLink } from '#mails/account_mail'
import { frontendUrl } from '#config/accounts'

/** Sent to the new address by POST /auth/email/change (24 hours, one use). */
export default class EmailChangeConfirmation extends AccountMail {
  constructor(
    recipient: string,
    language: string,
    private token: string
  ) {
    super(recipient, language, 'email_change_confirmation')
  }

  protected body() {
    const t = (key: string) => this.i18n.t(`mail.email_change_confirmation.${key}`)
    return {
      paragraphs: [this.i18n.t('mail.common.greeting'), t('body'), t('ignore')],
      link: {
        label: t('link'),
        url: frontendLink(frontendUrl, '/confirm-email', this.token),
      },
    }
  }
}
