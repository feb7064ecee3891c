import { AccountMail } from '#mails/account_mail'

/** Sent to the address of an account once it was deleted. */
export default class AccountDeletedNotification extends AccountMail {
  subject = 'Your account was deleted'

  protected body() {
    return {
      paragraphs: [
        'Hello,',
        'Your account and what it held were deleted, as you asked, and every session of it was ended. Organizations where you were the only member were deleted with it.',
        'You can sign up again with this address at any time. If this was not you, tell us at once.',
      ],
    }
  }
}
