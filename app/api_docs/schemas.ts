import { LANGUAGES } from '#helpers/languages'
import { EVENT_CATEGORIES, EVENT_STATUSES, EVENT_TYPES } from '#types/event'
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES, ORGANIZATION_ROLES } from '#types/organization'
import { EMAIL_MAX_LENGTH, FULL_NAME_MAX_LENGTH, SESSION_ID_MAX_LENGTH } from '#validators/auth'
import { EVENT_BOUNDS } from '#validators/event'
import { ORGANIZATION_NAME_MAX_LENGTH } from '#validators/organization'
import { passkeySchemas, twoFactorSchemas } from '#api_docs/two_factor_schemas'
import { accountExportSchemas } from '#api_docs/account_export_schema'
import { nullable, object, ref, text, timestamp, uuidSchema, type Schema } from '#api_docs/builders'

/*
 * Strings the API writes are bounded by what it accepted (the validators'
 * constants) or by the column that holds them (database/migrations).
 */
const email = text(EMAIL_MAX_LENGTH)
const fullName = nullable(text(FULL_NAME_MAX_LENGTH))
const role = { enum: [...ORGANIZATION_ROLES] }
const count = {
  type: 'integer',
  format: 'int32',
  minimum: 0,
  maximum: EVENT_BOUNDS.guests,
}
const amount = { type: 'number', format: 'double', minimum: 0 }
/** A failing field's path (`metadata.guestCount.min`) or rule: our own names. */
const identifier = text(255)
/** Lower-case hexadecimal of at most `maxLength` characters. */
const hex = (maxLength: number) => ({ type: 'string', pattern: '^[0-9a-f]*$', maxLength })
const positive = { type: 'integer', format: 'int32', minimum: 1, maximum: 2_147_483_647 }

/** An error's `meta`: only the keys the contract names, each where it names it. */
const errorMeta = object(
  {
    organizationIds: {
      type: 'array',
      description:
        '409 `organization.last_owner` on DELETE /auth/account: the organizations the account is the last owner of',
      maxItems: 1000,
      items: uuidSchema,
    },
    methods: {
      type: 'array',
      description:
        '`auth.second_factor_required` and `auth.reauthentication_required`: the ways the account can prove itself',
      maxItems: 4,
      items: { enum: ['password', 'totp', 'recovery_code', 'passkey'] },
    },
    maxAgeSeconds: {
      type: 'integer',
      format: 'int32',
      description: '`auth.reauthentication_required`: how recent a sign-in must be',
      minimum: 0,
      maximum: 86_400,
    },
  },
  {
    optional: ['organizationIds', 'methods', 'maxAgeSeconds'],
    description: 'Only where the contract names it',
  }
)

/** The event's metadata as stored: only the members the spec defines, nulls never stored. */
const metadata = object(
  {
    category: { enum: [...EVENT_CATEGORIES] },
    customCategory: {
      ...text(EVENT_BOUNDS.customCategory),
      description: 'Meant for category `other`',
    },
    guestCount: object(
      { approximate: count, min: count, max: count },
      { optional: ['approximate', 'min', 'max'] }
    ),
    budgetRange: object(
      {
        min: { ...amount, description: 'Dollars' },
        max: { ...amount, description: 'Dollars' },
        currency: {
          type: 'string',
          pattern: '^[A-Z]{3}$',
          maxLength: 3,
          description: 'ISO 4217; CAD when the range was given without one',
        },
      },
      { optional: ['min', 'max', 'currency'] }
    ),
  },
  {
    optional: ['category', 'customCategory', 'guestCount', 'budgetRange'],
    description: 'Every member optional; a member set to null by PATCH is removed',
  }
)

/** A check of the full health report (AdonisJS health checks). */
const healthCheck = {
  type: 'object',
  required: ['name', 'status', 'message', 'finishedAt'],
  properties: {
    name: { ...text(100), description: 'e.g. `disk_space`, `database`, `redis`' },
    status: { enum: ['ok', 'warning', 'error'] },
    message: text(1000),
    finishedAt: timestamp,
    isCached: { type: 'boolean' },
    meta: {
      type: 'object',
      description: 'What the check measured; its members depend on the check',
      additionalProperties: true,
    },
  },
}

/** The component schemas: the bodies the API answers with, referenced by the paths. */
export const schemas: Record<string, Schema> = {
  Error: object({
    errors: {
      type: 'array',
      minItems: 1,
      // One entry per failing field: never more than the fields of a body.
      maxItems: 100,
      items: object(
        {
          message: {
            type: 'string',
            description:
              'Human text in the caller’s language; outside production a 500 quotes the failure',
          },
          code: { ...identifier, description: 'Stable; never changes with the language' },
          field: identifier,
          rule: identifier,
          meta: errorMeta,
        },
        { optional: ['field', 'rule', 'meta'] }
      ),
    },
  }),
  User: object({
    id: uuidSchema,
    email,
    fullName,
    emailVerifiedAt: nullable(timestamp),
    locale: nullable({ type: 'string', enum: [...LANGUAGES] }),
  }),
  AccountSession: object({
    id: { ...text(SESSION_ID_MAX_LENGTH), description: 'Not the cookie value' },
    current: { type: 'boolean' },
    createdAt: timestamp,
    lastSeenAt: { ...timestamp, description: 'May lag by up to 5 minutes' },
    ipAddress: nullable(text(45)),
    userAgent: nullable(text(512)),
  }),
  ...passkeySchemas,
  Invitation: object({
    id: uuidSchema,
    email,
    role: { ...role, description: 'Given on acceptance' },
    invitedBy: nullable(object({ userId: uuidSchema, email })),
    createdAt: timestamp,
    expiresAt: timestamp,
  }),
  Organization: object({
    id: uuidSchema,
    name: text(ORGANIZATION_NAME_MAX_LENGTH),
    role: { ...role, description: 'The caller’s role in it' },
    requireTwoFactor: {
      type: 'boolean',
      description:
        'Members whose account has no second factor get 403 `organization.two_factor_required` on its routes until it has one',
    },
    createdAt: timestamp,
    updatedAt: timestamp,
  }),
  ...accountExportSchemas,
  ScopedInvitation: object({ organizationId: uuidSchema, invitation: ref('Invitation') }),
  Member: object(
    {
      userId: uuidSchema,
      email,
      fullName,
      role,
      joinedAt: timestamp,
      twoFactorEnabled: {
        type: 'boolean',
        description:
          'Whether the account has a second factor: in the list of members, for owners and admins only',
      },
    },
    { optional: ['twoFactorEnabled'] }
  ),
  AuditEntry: object({
    id: uuidSchema,
    action: { enum: [...AUDIT_ACTIONS] },
    occurredAt: timestamp,
    actor: object({
      userId: uuidSchema,
      email: { ...nullable(email), description: 'A copy taken at the time' },
    }),
    target: object(
      { type: { enum: [...AUDIT_TARGET_TYPES] }, id: uuidSchema, email: nullable(email) },
      { optional: ['email'] }
    ),
    details: object(
      {
        fromRole: role,
        toRole: role,
        role,
        name: text(ORGANIZATION_NAME_MAX_LENGTH),
        requireTwoFactor: {
          type: 'boolean',
          description: '`organization.two_factor_requirement_changed`: the new requirement',
        },
      },
      { optional: ['fromRole', 'toRole', 'role', 'name', 'requireTwoFactor'] }
    ),
  }),
  Address: object({
    streetAddress: nullable(text(EVENT_BOUNDS.streetAddress)),
    streetAddress2: nullable(text(EVENT_BOUNDS.streetAddress)),
    city: { type: 'string', minLength: 1, maxLength: EVENT_BOUNDS.city },
    state: nullable(text(EVENT_BOUNDS.state.max)),
    postalCode: nullable(text(EVENT_BOUNDS.postalCode)),
    country: nullable({ type: 'string', pattern: '^[A-Z]{2}$', maxLength: 2 }),
  }),
  Event: object({
    id: uuidSchema,
    organizationId: uuidSchema,
    name: { type: 'string', minLength: 1, maxLength: EVENT_BOUNDS.name },
    description: nullable(text(EVENT_BOUNDS.description)),
    targetDate: nullable(timestamp),
    status: { enum: [...EVENT_STATUSES] },
    eventType: { enum: [...EVENT_TYPES] },
    metadata,
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
      finishedAt: timestamp,
      debugInfo: {
        type: 'object',
        description: 'The process: only with the monitoring secret',
        properties: {
          pid: { type: 'integer', format: 'int32', minimum: 0, maximum: 4_194_304 },
          ppid: { type: 'integer', format: 'int32', minimum: 0, maximum: 4_194_304 },
          uptime: { type: 'number', format: 'double', minimum: 0, description: 'Seconds' },
          version: { ...text(64), description: 'Node.js' },
          platform: text(64),
        },
      },
      checks: { type: 'array', maxItems: 100, items: healthCheck },
    },
  },
  Messages: object({
    messages: { type: 'array', maxItems: 10, items: object({ title: text(1000) }) },
  }),
  AltchaChallenge: object(
    {
      parameters: object(
        {
          algorithm: { enum: ['PBKDF2/SHA-256'] },
          nonce: hex(64),
          salt: hex(64),
          cost: { ...positive, description: 'Key derivation iterations per attempt' },
          keyLength: { ...positive, maximum: 64 },
          keyPrefix: hex(128),
          keySignature: hex(128),
          expiresAt: {
            type: 'integer',
            format: 'int64',
            minimum: 0,
            maximum: Number.MAX_SAFE_INTEGER,
            description: 'Unix time (seconds) after which a solution is refused',
          },
        },
        { description: 'What the widget works on (ALTCHA PoW v2), covered by the signature' }
      ),
      signature: hex(128),
    },
    {
      description:
        'A proof-of-work challenge for the ALTCHA widget (the `altcha` package): the widget solves it and puts its payload in the form as `altcha`, for POST /newsletter/subscribe',
    }
  ),
  ...twoFactorSchemas,
}
