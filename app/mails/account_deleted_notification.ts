import { AccountMail } from '#mails/account_mail'

/** Sent to the address of an account once it was deleted. */
export default class AccountDeletedNotification extends AccountMail {
  constructor(recipient: string, language: string) {
    super(recipient, language, { key: 'account_deleted', lines: ['body', 'advice'] })
  }
}
