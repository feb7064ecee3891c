import { AccountMail } from '#mails/account_mail'

/**
 * Sent instead of a confirmation link when an account asks to move to an
 * address that already has an account: the answer to the caller is the
 * same, so it never says whether the address has an account.
 */
export default class AccountExistsNotice extends AccountMail {
  constructor(recipient: string, language: string) {
    super(recipient, language, { key: 'account_exists', lines: ['body', 'advice'] })
  }
}
