import { AccountMail } from '#mails/account_mail'

/** The notice sent once a password was reset with an emailed link. */
export default class PasswordChangedNotification extends AccountMail {
  subject = 'Your password was changed'

  protected body() {
    return {
      paragraphs: [
        'Hello,',
        'The password of your account was just reset, and every session of the account was ended.',
        'If this was not you, reset your password again at once and tell us.',
      ],
    }
  }
}
