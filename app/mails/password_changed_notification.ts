import { AccountMail } from '#mails/account_mail'

/** The notice sent once a password was reset with an emailed link. */
export default class PasswordChangedNotification extends AccountMail {
  constructor(recipient: string, language: string) {
    super(recipient, language, { key: 'password_changed', lines: ['body', 'warning'] })
  }
}
