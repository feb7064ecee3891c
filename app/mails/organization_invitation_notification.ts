import { AccountMail } from '#mails/account_mail'

/** The link of POST /organizations/:organizationId/invitations (7 days, one use). */
export default class OrganizationInvitationNotification extends AccountMail {
  constructor(recipient: string, language: string, organization: string, token: string) {
    super(recipient, language, {
      key: 'organization_invitation',
      lines: ['body', 'ignore'],
      data: { organization },
      link: { path: '/invitations/accept', token },
    })
  }
}
