import { LinkMail } from '#mails/account_mail'

/** Sent at signup and by POST /auth/email/verification (24 hours, one use). */
export default class EmailVerificationNotification extends LinkMail {
  constructor(recipient: string, language: string, token: string) {
    super(recipient, language, { key: 'email_verification', path: '/verify-email', token })
  }
}
