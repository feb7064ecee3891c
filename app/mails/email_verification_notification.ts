import { AccountMail } from '#mails/account_mail'

/** Sent at signup and by POST /auth/email/verification (24 hours, one use). */
export default class EmailVerificationNotification extends AccountMail {
  constructor(recipient: string, language: string, token: string) {
    super(recipient, language, {
      key: 'email_verification',
      lines: ['body', 'ignore'],
      link: { path: '/verify-email', token },
    })
  }
}
