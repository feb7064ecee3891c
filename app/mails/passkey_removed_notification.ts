import { AccountMail } from '#mails/account_mail'

/** Sent once a passkey was removed from the account. */
export default class PasskeyRemovedNotification extends AccountMail {
  constructor(recipient: string, language: string, name: string) {
    super(recipient, language, {
      key: 'passkey_removed',
      lines: ['body', 'warning'],
      data: { name },
    })
  }
}
