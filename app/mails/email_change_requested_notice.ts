import { AccountMail } from '#mails/account_mail'

/** Sent to the current address when a move to `newEmail` is asked for. */
export default class EmailChangeRequestedNotice extends AccountMail {
  constructor(
    recipient: string,
    language: string,
    private newEmail: string
  ) {
    super(recipient, language, 'email_change_requested')
  }

  protected body() {
    const t = (key: string) =>
      this.i18n.t(`mail.email_change_requested.${key}`, { email: this.newEmail })
    return { paragraphs: [this.i18n.t('mail.common.greeting'), t('body'), t('warning')] }
  }
}
