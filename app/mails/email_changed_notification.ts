import { AccountMail } from '#mails/account_mail'

/** Sent to the former address once a change was confirmed. */
export default class EmailChangedNotification extends AccountMail {
  constructor(recipient: string, language: string, email: string) {
    super(recipient, language, {
      key: 'email_changed',
      lines: ['body', 'warning'],
      data: { email },
    })
  }
}
