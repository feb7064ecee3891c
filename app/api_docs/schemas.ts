import { LANGUAGES } from '#helpers/languages'
import { EVENT_STATUSES, EVENT_TYPES } from '#types/event'
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES, ORGANIZATION_ROLES } from '#types/organization'
import {
  listOf,
  nullable,
  object,
  ref,
  timestamp,
  uuidSchema,
  type Schema,
} from '#api_docs/builders'

const text = { type: 'string' }
const role = { enum: [...ORGANIZATION_ROLES] }

/** The component schemas: the bodies the API answers with, referenced by the paths. */
export const schemas: Record<string, Schema> = {
  Error: object({
    errors: {
      type: 'array',
      minItems: 1,
      items: object(
        {
          message: text,
          code: text,
          field: text,
          rule: text,
          meta: { type: 'object', description: 'Only where the contract names it' },
        },
        { optional: ['field', 'rule', 'meta'] }
      ),
    },
  }),
  User: object({
    id: uuidSchema,
    email: text,
    fullName: nullable(text),
    emailVerifiedAt: nullable(timestamp),
    locale: nullable({ type: 'string', enum: [...LANGUAGES] }),
  }),
  AccountSession: object({
    id: { type: 'string', description: 'Not the cookie value' },
    current: { type: 'boolean' },
    createdAt: timestamp,
    lastSeenAt: { ...timestamp, description: 'May lag by up to 5 minutes' },
    ipAddress: nullable(text),
    userAgent: nullable(text),
  }),
  Invitation: object({
    id: uuidSchema,
    email: text,
    role: { ...role, description: 'Given on acceptance' },
    invitedBy: nullable(object({ userId: uuidSchema, email: text })),
    createdAt: timestamp,
    expiresAt: timestamp,
  }),
  Organization: object({
    id: uuidSchema,
    name: text,
    role: { ...role, description: 'The caller’s role in it' },
    createdAt: timestamp,
    updatedAt: timestamp,
  }),
  AccountExport: object(
    {
      exportedAt: timestamp,
      profile: ref('User'),
      signedUpAt: timestamp,
      pendingEmailChange: nullable(object({ email: text, expiresAt: timestamp })),
      sessions: listOf('AccountSession'),
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
            email: text,
            status: text,
            subscribedAt: timestamp,
            consentedAt: nullable(timestamp),
            consentIp: nullable(text),
            consentUserAgent: nullable(text),
            consentOrigin: nullable(text),
            consentReferer: nullable(text),
            unsubscribedAt: nullable(timestamp),
            unsubscribedVia: nullable(text),
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
  ScopedInvitation: object({ organizationId: uuidSchema, invitation: ref('Invitation') }),
  Member: object({
    userId: uuidSchema,
    email: text,
    fullName: nullable(text),
    role,
    joinedAt: timestamp,
  }),
  AuditEntry: object({
    id: uuidSchema,
    action: { enum: [...AUDIT_ACTIONS] },
    occurredAt: timestamp,
    actor: object({
      userId: uuidSchema,
      email: { ...nullable(text), description: 'A copy taken at the time' },
    }),
    target: object(
      { type: { enum: [...AUDIT_TARGET_TYPES] }, id: uuidSchema, email: nullable(text) },
      { optional: ['email'] }
    ),
    details: object(
      { fromRole: role, toRole: role, role, name: text },
      { optional: ['fromRole', 'toRole', 'role', 'name'] }
    ),
  }),
  Address: object({
    streetAddress: nullable({ type: 'string', maxLength: 200 }),
    streetAddress2: nullable({ type: 'string', maxLength: 200 }),
    city: { type: 'string', minLength: 1, maxLength: 100 },
    state: nullable({ type: 'string', maxLength: 100 }),
    postalCode: nullable({ type: 'string', maxLength: 20 }),
    country: nullable({ type: 'string', pattern: '^[A-Z]{2}$' }),
  }),
  Event: object({
    id: uuidSchema,
    organizationId: uuidSchema,
    name: { type: 'string', minLength: 1, maxLength: 255 },
    description: nullable({ type: 'string', maxLength: 5000 }),
    targetDate: nullable(timestamp),
    status: { enum: [...EVENT_STATUSES] },
    eventType: { enum: [...EVENT_TYPES] },
    metadata: { type: 'object' },
    address: nullable(ref('Address')),
    createdAt: timestamp,
    updatedAt: timestamp,
  }),
  Health: {
    type: 'object',
    required: ['status', 'isHealthy'],
    properties: {
      status: { enum: ['ok', 'error'] },
      isHealthy: { type: 'boolean' },
      finishedAt: text,
      debugInfo: { type: 'object' },
      checks: { type: 'array', items: { type: 'object' } },
    },
  },
  Messages: object({ messages: { type: 'array', items: object({ title: text }) } }),
}
