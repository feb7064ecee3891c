import { AccountMail, frontendLink } from '#mails/account_mail'
import { frontendUrl } from '#config/accounts'

/** The link of POST /organizations/:organizationId/invitations (7 days, one use). */
export default class OrganizationInvitationNotification extends AccountMail {
  constructor(
    recipient: string,
    language: string,
    private organizationName: string,
    private token: string
  ) {
    super(recipient, language, 'organization_invitation')
  }

  protected body() {
    const t = (key: string) => this.i18n.t(`mail.organization_invitation.${key}`)
    return {
      paragraphs: [
        this.i18n.t('mail.common.greeting'),
        this.i18n.t('mail.organization_invitation.body', { organization: this.organizationName }),
        t('ignore'),
      ],
      link: {
        label: t('link'),
        url: frontendLink(frontendUrl, '/invitations/accept', this.token),
      },
    }
  }
}
