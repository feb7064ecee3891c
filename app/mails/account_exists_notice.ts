import { AccountMail } from '#mails/account_mail'

/**
 * Sent instead of a confirmation link when an account asks to move to an
 * address that already has an account: the answer to the caller is the
 * same, so it never says whether the address has an account.
 */
export default class AccountExistsNotice extends AccountMail {
  subject = 'An account already exists for this address'

  protected body() {
    return {
      paragraphs: [
        'Hello,',
        'Someone asked to move another account to this address, but an account already exists for it, so nothing was changed.',
        'If this was you, sign in with this address instead, or choose another address. Otherwise you can ignore this email.',
      ],
    }
  }
}
