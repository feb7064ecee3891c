import { AccountMail } from '#mails/account_mail'

/** Sent to the address of an account once it was deleted. */
export default class AccountDeletedNotification extends AccountMail {
  constructor(recipient: string, language: string) {
    super(recipient, language, 'account_deleted')
  }

  protected body() {
    const t = (key: string) => this.i18n.t(`mail.account_deleted.${key}`)
    return { paragraphs: [this.i18n.t('mail.common.greeting'), t('body'), t('advice')] }
  }
}
