import { AccountMail } from '#mails/account_mail'

/** Sent to the current address when a move to `email` is asked for. */
export default class EmailChangeRequestedNotice extends AccountMail {
  constructor(recipient: string, language: string, email: string) {
    super(recipient, language, {
      key: 'email_change_requested',
      lines: ['body', 'warning'],
      data: { email },
    })
  }
}
