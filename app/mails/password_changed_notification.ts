import { AccountMail } from '#mails/account_mail'

/** The notice sent once a password was reset with an emailed link. */
export default class PasswordChangedNotification extends AccountMail {
  constructor(recipient: string, language: string) {
    super(recipient, language, 'password_changed')
  }

  protected body() {
    const t = (key: string) => this.i18n.t(`mail.password_changed.${key}`)
    return { paragraphs: [this.i18n.t('mail.common.greeting'), t('body'), t('warning')] }
  }
}
