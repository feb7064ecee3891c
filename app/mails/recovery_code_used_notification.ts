import { AccountMail } from '#mails/account_mail'

/** Sent when a recovery code was spent, saying how many are left. */
export default class RecoveryCodeUsedNotification extends AccountMail {
  constructor(recipient: string, language: string, remaining: number) {
    super(recipient, language, {
      key: 'recovery_code_used',
      lines: ['body', 'remaining', 'warning'],
      data: { remaining },
    })
  }
}
