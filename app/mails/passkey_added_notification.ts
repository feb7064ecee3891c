import { AccountMail } from '#mails/account_mail'

/** Sent once a passkey was added to the account: it signs in alone. */
export default class PasskeyAddedNotification extends AccountMail {
  constructor(recipient: string, language: string, name: string) {
    super(recipient, language, { key: 'passkey_added', lines: ['body', 'warning'], data: { name } })
  }
}
