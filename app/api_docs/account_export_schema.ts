import { EMAIL_MAX_LENGTH } from '#validators/auth'
import {
  listOf,
  nullable,
  object,
  ref,
  text,
  timestamp,
  uuidSchema,
  type Schema,
} from '#api_docs/builders'

/* GET /auth/account/export's answer (part of schemas.ts's components). */

const email = text(EMAIL_MAX_LENGTH)

export const accountExportSchemas: Record<string, Schema> = {
  AccountExport: object(
    {
      exportedAt: timestamp,
      profile: ref('User'),
      signedUpAt: timestamp,
      pendingEmailChange: nullable(object({ email, expiresAt: timestamp })),
      sessions: listOf('AccountSession'),
      passkeys: {
        type: 'array',
        description: 'As GET /auth/passkeys lists them: never a credential id or a public key',
        items: ref('Passkey'),
      },
      memberships: {
        type: 'array',
        description:
          "The organizations, each with the account's role, as GET /organizations lists them",
        items: ref('Organization'),
      },
      invitationsSent: listOf('ScopedInvitation'),
      invitationsReceived: listOf('ScopedInvitation'),
      auditLog: {
        type: 'array',
        description: 'Entries where the account is the actor or the target, oldest first',
        items: object({ organizationId: uuidSchema, entry: ref('AuditEntry') }),
      },
      newsletter: nullable(
        object(
          {
            email,
            status: { enum: ['pending', 'unconfirmed', 'subscribed', 'unsubscribed'] },
            subscribedAt: timestamp,
            consentedAt: nullable(timestamp),
            consentIp: nullable(text(45)),
            consentUserAgent: nullable(text(512)),
            consentOrigin: nullable(text(512)),
            consentReferer: nullable(text(1024)),
            unsubscribedAt: nullable(timestamp),
            unsubscribedVia: nullable(text(20)),
            consentMethod: {
              anyOf: [{ enum: ['api', 'double_opt_in'] }, { type: 'null' }],
              description: 'How consent was given: through the API in one step, or double opt-in',
            },
            confirmedAt: nullable(timestamp),
            confirmIp: nullable(text(45)),
            confirmUserAgent: nullable(text(512)),
          },
          {
            description: 'The newsletter consent record of the same address',
            optional: [
              'consentIp',
              'consentUserAgent',
              'consentOrigin',
              'consentReferer',
              'unsubscribedAt',
              'unsubscribedVia',
              'consentMethod',
              'confirmedAt',
              'confirmIp',
              'confirmUserAgent',
            ],
          }
        )
      ),
    },
    {
      description:
        'Everything the API holds about the account, each kind of record as the route that lists it answers it; never a password or token hash',
    }
  ),
}
