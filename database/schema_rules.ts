import { type SchemaRules } from '@adonisjs/lucid/types/schema_generator'

const eventTypes = (name: string) => ({
  tsType: name,
  imports: [{ source: '#types/event', typeImports: [name] }],
  decorators: [{ name: '@column' }],
})

const organizationTypes = (name: string) => ({
  tsType: name,
  imports: [{ source: '#types/organization', typeImports: [name] }],
  decorators: [{ name: '@column' }],
})

/**
 * Types for the columns PostgreSQL cannot describe: enums and the jsonb metadata.
 */
export default {
  tables: {
    events: {
      columns: {
        status: eventTypes('EventStatus'),
        event_type: eventTypes('EventType'),
        metadata: eventTypes('EventMetadata'),
      },
    },
    organization_members: { columns: { role: organizationTypes('OrganizationRole') } },
    organization_invitations: { columns: { role: organizationTypes('OrganizationRole') } },
    organization_audit_entries: { columns: { details: organizationTypes('AuditDetails') } },
    newsletter_contacts: {
      columns: {
        confirmation_request: {
          tsType: 'ConfirmationRequest',
          imports: [{ source: '#types/newsletter', typeImports: ['ConfirmationRequest'] }],
          decorators: [{ name: '@column' }],
        },
      },
    },
    // A WAL position as PostgreSQL prints it ('16/B374D848'); never serialized.
    users: {
      columns: {
        read_after_lsn: {
          tsType: 'string',
          decorators: [{ name: '@column', args: { serializeAs: null } }],
        },
      },
    },
    // WebAuthn transport hints as the browser reported them ('internal', 'hybrid', 'usb', ...).
    user_passkeys: {
      columns: { transports: { tsType: 'string[]', decorators: [{ name: '@column' }] } },
    },
  },
} satisfies SchemaRules
