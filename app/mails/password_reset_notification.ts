import { AccountMail } from '#mails/account_mail'

/** The link of POST /auth/password/forgot (60 minutes, one use). */
export default class PasswordResetNotification extends AccountMail {
  constructor(recipient: string, language: string, token: string) {
    super(recipient, language, {
      key: 'password_reset',
      lines: ['body', 'ignore'],
      link: { path: '/reset-password', token },
    })
  }
}
