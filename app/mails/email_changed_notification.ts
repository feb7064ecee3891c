import { AccountMail } from '#mails/account_mail'

/** Sent to the former address once a change was confirmed. */
export default class EmailChangedNotification extends AccountMail {
  subject = 'Your email address was changed'

  constructor(
    recipient: string,
    private newEmail: string
  ) {
    super(recipient)
  }

  protected body() {
    return {
      paragraphs: [
        'Hello,',
        `The email address of your account is now ${this.newEmail}, and every other session of the account was ended. This address no longer signs in.`,
        'If this was not you, tell us at once.',
      ],
    }
  }
}
