import { AccountMail, frontendLink } from '#mails/account_mail'
import { frontendUrl } from '#config/accounts'

/** The link of POST /organizations/:organizationId/invitations (7 days, one use). */
export default class OrganizationInvitationNotification extends AccountMail {
  subject = 'You are invited to join an organization'

  constructor(
    recipient: string,
    private organizationName: string,
    private token: string
  ) {
    super(recipient)
  }

  protected body() {
    return {
      paragraphs: [
        'Hello,',
        `You are invited to join "${this.organizationName}". Sign in (or create an account) with this email address, then accept with the link below; it works once, within 7 days.`,
        'If you do not know why you got this, you can ignore this email.',
      ],
      link: {
        label: 'Accept the invitation',
        url: frontendLink(frontendUrl, '/invitations/accept', this.token),
      },
    }
  }
}
