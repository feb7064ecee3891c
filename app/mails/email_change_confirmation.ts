import { LinkMail } from '#mails/account_mail'

/** Sent to the new address by POST /auth/email/change (24 hours, one use). */
export default class EmailChangeConfirmation extends LinkMail {
  constructor(recipient: string, language: string, token: string) {
    super(recipient, language, { key: 'email_change_confirmation', path: '/confirm-email', token })
  }
}
