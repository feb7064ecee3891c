import { AccountMail } from '#mails/account_mail'

/** Sent when an account gains its first second factor. */
export default class TwoFactorEnabledNotification extends AccountMail {
  constructor(recipient: string, language: string) {
    super(recipient, language, { key: 'two_factor_enabled', lines: ['body', 'warning'] })
  }
}
