import { AccountMail } from '#mails/account_mail'

/** Sent when an account is left without a second factor. */
export default class TwoFactorDisabledNotification extends AccountMail {
  constructor(recipient: string, language: string) {
    super(recipient, language, { key: 'two_factor_disabled', lines: ['body', 'warning'] })
  }
}
