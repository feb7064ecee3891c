import { AccountMail } from '#mails/account_mail'

/** Sent to the current address when a move to `newEmail` is asked for. */
export default class EmailChangeRequestedNotice extends AccountMail {
  subject = 'A change of your email address was requested'

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
        `Someone signed in to your account asked to move it to ${this.newEmail}. Nothing changes until the link sent to that address is used.`,
        'If this was not you, change your password at once and end your other sessions.',
      ],
    }
  }
}
