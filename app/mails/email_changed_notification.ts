import { AccountMail } from '#mails/account_mail'

/** Sent to the former address once a change was confirmed. */
export default class EmailChangedNotification extends AccountMail {
  constructor(
    recipient: string,
    language: string,
    private newEmail: string
  ) {
    super(recipient, language, 'email_changed')
  }

  protected body() {
    const t = (key: string) => this.i18n.t(`mail.email_changed.${key}`, { email: this.newEmail })
    return { paragraphs: [this.i18n.t('mail.common.greeting'), t('body'), t('warning')] }
  }
}
