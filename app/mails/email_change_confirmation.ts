import { AccountMail } from '#mails/account_mail'

/** Sent to the new address by POST /auth/email/change (24 hours, one use). */
export default class EmailChangeConfirmation extends AccountMail {
  constructor(recipient: string, language: string, token: string) {
    super(recipient, language, {
      key: 'email_change_confirmation',
      lines: ['body', 'ignore'],
      link: { path: '/confirm-email', token },
    })
  }
}
