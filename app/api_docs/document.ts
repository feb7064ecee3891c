import router from '@adonisjs/core/services/router'
import type { VineValidator } from '@vinejs/vine'
import {
  changeEmailValidator,
  changePasswordValidator,
  confirmEmailValidator,
  deleteAccountValidator,
  forgotPasswordValidator,
  loginValidator,
  resetPasswordValidator,
  signupValidator,
  updateProfileValidator,
  verifyEmailValidator,
} from '#validators/auth'
import { subscribeValidator } from '#validators/newsletter'
import {
  acceptInvitationValidator,
  addMemberValidator,
  auditLogValidator,
  changeRoleValidator,
  createInvitationValidator,
  createOrganizationValidator,
  transferOwnershipValidator,
  updateOrganizationValidator,
} from '#validators/organization'
import { AUDIT_ACTIONS, ORGANIZATION_ROLES } from '#types/organization'
import { createEventValidator, listEventsValidator, updateEventValidator } from '#validators/event'

type Schema = Record<string, any>

/**
 * What the API accepts, beyond the validator's shape: it drops members it
 * does not know rather than refusing them, at every depth, and trims
 * emails before checking them (so the format is said in words).
 */
function asAccepted(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(asAccepted)
  if (!schema || typeof schema !== 'object') return schema
  const entries = Object.entries(schema)
    .filter(([key]) => key !== 'additionalProperties')
    .map(([key, value]) =>
      key === 'format' && value === 'email'
        ? ['description', 'An email address; surrounding spaces are trimmed, letters lower-cased']
        : [key, asAccepted(value)]
    )
  return Object.fromEntries(entries)
}

/** A validator's JSON Schema (VineJS `toJSONSchema()`), split into body and path parameters. */
function fromValidator(validator: VineValidator<any, any>) {
  const schema = asAccepted(validator.toJSONSchema()) as Schema
  const { params, ...properties } = schema.properties ?? {}
  const required = (schema.required ?? []).filter((name: string) => name !== 'params')
  return {
    body: { ...schema, properties, required } as Schema,
    params: (params?.properties ?? {}) as Record<string, Schema>,
  }
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` })
const nullable = (schema: Schema) => ({ anyOf: [schema, { type: 'null' }] })
const timestamp = { type: 'string', format: 'date-time' }
const uuidSchema = { type: 'string', format: 'uuid' }

const schemas: Record<string, Schema> = {
  Error: {
    type: 'object',
    required: ['errors'],
    additionalProperties: false,
    properties: {
      errors: {
        type: 'array',
        minItems: 1,
        items: {
          type: 'object',
          required: ['message', 'code'],
          additionalProperties: false,
          properties: {
            message: { type: 'string' },
            code: { type: 'string' },
            field: { type: 'string' },
            rule: { type: 'string' },
            meta: { type: 'object', description: 'Only where the contract names it' },
          },
        },
      },
    },
  },
  User: {
    type: 'object',
    required: ['id', 'email', 'fullName', 'emailVerifiedAt', 'locale'],
    additionalProperties: false,
    properties: {
      id: uuidSchema,
      email: { type: 'string' },
      fullName: nullable({ type: 'string' }),
      emailVerifiedAt: nullable(timestamp),
      locale: nullable({ type: 'string', enum: ['en', 'fr'] }),
    },
  },
  AccountSession: {
    type: 'object',
    required: ['id', 'current', 'createdAt', 'lastSeenAt', 'ipAddress', 'userAgent'],
    additionalProperties: false,
    properties: {
      id: { type: 'string', description: 'Not the cookie value' },
      current: { type: 'boolean' },
      createdAt: timestamp,
      lastSeenAt: { ...timestamp, description: 'May lag by up to 5 minutes' },
      ipAddress: nullable({ type: 'string' }),
      userAgent: nullable({ type: 'string' }),
    },
  },
  Invitation: {
    type: 'object',
    required: ['id', 'email', 'role', 'invitedBy', 'createdAt', 'expiresAt'],
    additionalProperties: false,
    properties: {
      id: uuidSchema,
      email: { type: 'string' },
      role: { enum: [...ORGANIZATION_ROLES], description: 'Given on acceptance' },
      invitedBy: nullable({
        type: 'object',
        required: ['userId', 'email'],
        additionalProperties: false,
        properties: { userId: uuidSchema, email: { type: 'string' } },
      }),
      createdAt: timestamp,
      expiresAt: timestamp,
    },
  },
  Organization: {
    type: 'object',
    required: ['id', 'name', 'role', 'createdAt', 'updatedAt'],
    additionalProperties: false,
    properties: {
      id: uuidSchema,
      name: { type: 'string' },
      role: { enum: [...ORGANIZATION_ROLES], description: 'The caller’s role in it' },
      createdAt: timestamp,
      updatedAt: timestamp,
    },
  },
  AccountExport: {
    type: 'object',
    description:
      'Everything the API holds about the account, each kind of record as the route that lists it answers it; never a password or token hash',
    required: [
      'exportedAt',
      'profile',
      'signedUpAt',
      'pendingEmailChange',
      'sessions',
      'memberships',
      'invitationsSent',
      'invitationsReceived',
      'auditLog',
      'newsletter',
    ],
    additionalProperties: false,
    properties: {
      exportedAt: timestamp,
      profile: ref('User'),
      signedUpAt: timestamp,
      pendingEmailChange: nullable({
        type: 'object',
        required: ['email', 'expiresAt'],
        additionalProperties: false,
        properties: { email: { type: 'string' }, expiresAt: timestamp },
      }),
      sessions: { type: 'array', items: ref('AccountSession') },
      memberships: {
        type: 'array',
        description:
          "The organizations, each with the account's role, as GET /organizations lists them",
        items: ref('Organization'),
      },
      invitationsSent: { type: 'array', items: ref('ScopedInvitation') },
      invitationsReceived: { type: 'array', items: ref('ScopedInvitation') },
      auditLog: {
        type: 'array',
        description: 'Entries where the account is the actor or the target, oldest first',
        items: {
          type: 'object',
          required: ['organizationId', 'entry'],
          additionalProperties: false,
          properties: {
            organizationId: uuidSchema,
            entry: ref('AuditEntry'),
          },
        },
      },
      newsletter: nullable({
        type: 'object',
        description: 'The newsletter consent record of the same address',
        required: ['email', 'status', 'subscribedAt', 'consentedAt'],
        additionalProperties: false,
        properties: {
          email: { type: 'string' },
          status: { type: 'string' },
          subscribedAt: timestamp,
          consentedAt: nullable(timestamp),
          consentIp: nullable({ type: 'string' }),
          consentUserAgent: nullable({ type: 'string' }),
          consentOrigin: nullable({ type: 'string' }),
          consentReferer: nullable({ type: 'string' }),
          unsubscribedAt: nullable(timestamp),
          unsubscribedVia: nullable({ type: 'string' }),
        },
      }),
    },
  },
  ScopedInvitation: {
    type: 'object',
    required: ['organizationId', 'invitation'],
    additionalProperties: false,
    properties: { organizationId: uuidSchema, invitation: ref('Invitation') },
  },
  Member: {
    type: 'object',
    required: ['userId', 'email', 'fullName', 'role', 'joinedAt'],
    additionalProperties: false,
    properties: {
      userId: uuidSchema,
      email: { type: 'string' },
      fullName: nullable({ type: 'string' }),
      role: { enum: [...ORGANIZATION_ROLES] },
      joinedAt: timestamp,
    },
  },
  AuditEntry: {
    type: 'object',
    required: ['id', 'action', 'occurredAt', 'actor', 'target', 'details'],
    additionalProperties: false,
    properties: {
      id: uuidSchema,
      action: { enum: [...AUDIT_ACTIONS] },
      occurredAt: timestamp,
      actor: {
        type: 'object',
        required: ['userId', 'email'],
        additionalProperties: false,
        properties: {
          userId: uuidSchema,
          email: { ...nullable({ type: 'string' }), description: 'A copy taken at the time' },
        },
      },
      target: {
        type: 'object',
        required: ['type', 'id'],
        additionalProperties: false,
        properties: {
          type: { enum: ['user', 'invitation', 'organization', 'event'] },
          id: uuidSchema,
          email: nullable({ type: 'string' }),
        },
      },
      details: {
        type: 'object',
        additionalProperties: false,
        properties: {
          fromRole: { enum: [...ORGANIZATION_ROLES] },
          toRole: { enum: [...ORGANIZATION_ROLES] },
          role: { enum: [...ORGANIZATION_ROLES] },
          name: { type: 'string' },
        },
      },
    },
  },
  Address: {
    type: 'object',
    required: ['streetAddress', 'streetAddress2', 'city', 'state', 'postalCode', 'country'],
    additionalProperties: false,
    properties: {
      streetAddress: nullable({ type: 'string', maxLength: 200 }),
      streetAddress2: nullable({ type: 'string', maxLength: 200 }),
      city: { type: 'string', minLength: 1, maxLength: 100 },
      state: nullable({ type: 'string', maxLength: 100 }),
      postalCode: nullable({ type: 'string', maxLength: 20 }),
      country: nullable({ type: 'string', pattern: '^[A-Z]{2}$' }),
    },
  },
  Event: {
    type: 'object',
    required: [
      'id',
      'organizationId',
      'name',
      'description',
      'targetDate',
      'status',
      'eventType',
      'metadata',
      'address',
      'createdAt',
      'updatedAt',
    ],
    additionalProperties: false,
    properties: {
      id: uuidSchema,
      organizationId: uuidSchema,
      name: { type: 'string', minLength: 1, maxLength: 255 },
      description: nullable({ type: 'string', maxLength: 5000 }),
      targetDate: nullable(timestamp),
      status: { enum: ['BACKLOG', 'PLANNING', 'PLANNED', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED'] },
      eventType: { enum: ['ONE_OFF', 'RECURRING'] },
      metadata: { type: 'object' },
      address: nullable(ref('Address')),
      createdAt: timestamp,
      updatedAt: timestamp,
    },
  },
  Health: {
    type: 'object',
    required: ['status', 'isHealthy'],
    properties: {
      status: { enum: ['ok', 'error'] },
      isHealthy: { type: 'boolean' },
      finishedAt: { type: 'string' },
      debugInfo: { type: 'object' },
      checks: { type: 'array', items: { type: 'object' } },
    },
  },
  Messages: {
    type: 'object',
    required: ['messages'],
    additionalProperties: false,
    properties: {
      messages: {
        type: 'array',
        items: {
          type: 'object',
          required: ['title'],
          additionalProperties: false,
          properties: { title: { type: 'string' } },
        },
      },
    },
  },
}

const data = (schema: Schema) => ({
  type: 'object',
  required: ['data'],
  additionalProperties: false,
  properties: { data: schema },
})

/** A keyset-paginated list: `{ data: [ item ], meta: { nextCursor } }`. */
const page = (item: string) => ({
  type: 'object',
  required: ['data', 'meta'],
  additionalProperties: false,
  properties: {
    data: { type: 'array', items: ref(item) },
    meta: {
      type: 'object',
      required: ['nextCursor'],
      additionalProperties: false,
      properties: { nextCursor: nullable({ type: 'string' }) },
    },
  },
})

const json = (schema: Schema, description: string, headers?: Schema) => ({
  description,
  ...(headers ? { headers } : {}),
  content: { 'application/json': { schema } },
})

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'A field, a parameter or the body is invalid (`input.<field>.<rule>`)',
  401: 'No valid session (`auth.unauthenticated`)',
  403: 'Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`)',
  404: 'Not found (`common.resource.not_found`)',
  409: 'Conflict',
  412: 'If-Match names another version (`common.resource.precondition_failed`)',
  413: 'Body too large (`input.body.too_large`)',
  415: 'Unsupported media type or encoding',
  422: 'Unprocessable',
  429: 'Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After',
  500: 'Unexpected failure (`common.server.internal`)',
  503: 'A dependency is down (`common.service.unavailable`), with Retry-After',
}

/**
 * Answers whose body carries human text (errors, titles, the unsubscribe
 * page) say their language (contract, Languages).
 */
const languageHeaders = {
  'Content-Language': {
    description: 'The language of the text: `en` or `fr` (Canadian French)',
    schema: { type: 'string', enum: ['en', 'fr'] },
  },
  'Vary': {
    description: 'Includes `Accept-Language`: the text depends on it',
    schema: { type: 'string' },
  },
}

/** Every route reads it: the account's `locale`, when set, wins over it. */
const acceptLanguage = {
  name: 'Accept-Language',
  in: 'header',
  required: false,
  description:
    "Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins.",
  schema: { type: 'string' },
}

const etagHeader = {
  ETag: {
    description: 'Version of the event, for If-Match and If-None-Match',
    schema: { type: 'string' },
  },
}

type Operation = {
  summary: string
  tags: string[]
  session?: boolean
  monitor?: boolean
  /** Never reads or writes a session: outside the origin guard and the JSON-only rule. */
  sessionless?: boolean
  body?: Schema
  query?: Record<string, Schema>
  headers?: Record<string, Schema>
  responses: Record<number, Schema>
  errors: number[]
}

const jsonBodyErrors = [400, 413, 415]
const everyRoute = [429, 500, 503]

/** What each route does; the routes themselves come from the router. */
function operations(): Record<string, Operation> {
  const signup = fromValidator(signupValidator)
  const login = fromValidator(loginValidator)
  const subscribe = fromValidator(subscribeValidator)
  const createOrganization = fromValidator(createOrganizationValidator)
  const addMember = fromValidator(addMemberValidator)
  const createEvent = fromValidator(createEventValidator)
  const updateEvent = fromValidator(updateEventValidator)
  const listEvents = fromValidator(listEventsValidator)
  const forgotPassword = fromValidator(forgotPasswordValidator)
  const updateProfile = fromValidator(updateProfileValidator)
  const changeEmail = fromValidator(changeEmailValidator)
  const confirmEmail = fromValidator(confirmEmailValidator)
  const deleteAccount = fromValidator(deleteAccountValidator)
  const resetPassword = fromValidator(resetPasswordValidator)
  const changePassword = fromValidator(changePasswordValidator)
  const verifyEmail = fromValidator(verifyEmailValidator)
  const createInvitation = fromValidator(createInvitationValidator)
  const acceptInvitation = fromValidator(acceptInvitationValidator)
  const updateOrganization = fromValidator(updateOrganizationValidator)
  const changeRole = fromValidator(changeRoleValidator)
  const transferOwnership = fromValidator(transferOwnershipValidator)
  const auditLog = fromValidator(auditLogValidator)
  const actions = AUDIT_ACTIONS.map((action) => action.replace('.', '\\.')).join('|')
  const auditQuery = {
    ...(auditLog.body.properties as Record<string, Schema>),
    action: {
      type: 'string',
      description: 'One or more actions, comma-separated',
      pattern: `^(${actions})(,(${actions}))*$`,
    },
  }
  const unsubscribeQuery = { token: { type: 'string', maxLength: 1024 } }
  const listQuery = Object.fromEntries(
    Object.entries(listEvents.body.properties as Record<string, Schema>).map(([name, schema]) => [
      name,
      name === 'status'
        ? {
            type: 'array',
            minItems: 1,
            items: {
              enum: ['BACKLOG', 'PLANNING', 'PLANNED', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED'],
            },
            description:
              'One or more statuses. Sent as `status=A,B` (form, not exploded: what the typed client sends); `status=A%2CB` and `status=A&status=B` are accepted too',
          }
        : schema,
    ])
  )
  const health = {
    200: json(ref('Health'), 'Healthy'),
    503: json(ref('Health'), 'Unhealthy or a dependency is down'),
  }
  return {
    'POST /newsletter/subscribe': {
      sessionless: true,
      summary: 'Subscribe to the newsletter (sends a welcome email)',
      tags: ['newsletter'],
      body: subscribe.body,
      responses: { 201: json(ref('Messages'), 'Subscribed', languageHeaders) },
      errors: [400, 409, 413, 415, 422, 429, 500, 503],
    },
    'GET /newsletter/unsubscribe': {
      summary: 'The unsubscribe link: a page with a button, or JSON when asked (changes nothing)',
      tags: ['newsletter'],
      query: unsubscribeQuery,
      responses: {
        200: {
          description:
            "A self-contained HTML page in the caller's language (with `Content-Language` and `Vary: Accept-Language`), or the masked address and whether it is subscribed",
          content: {
            'text/html': { schema: { type: 'string' } },
            'application/json': {
              schema: data({
                type: 'object',
                required: ['email', 'subscribed'],
                additionalProperties: false,
                properties: { email: { type: 'string' }, subscribed: { type: 'boolean' } },
              }),
            },
          },
        },
      },
      errors: [400, ...everyRoute],
    },
    'POST /newsletter/unsubscribe': {
      sessionless: true,
      summary:
        'Unsubscribe (RFC 8058 one-click: `List-Unsubscribe=One-Click` form body, or none); idempotent',
      tags: ['newsletter'],
      query: unsubscribeQuery,
      responses: { 200: json(ref('Messages'), 'Unsubscribed', languageHeaders) },
      errors: [400, 413, 415, ...everyRoute],
    },
    'GET /metrics': {
      summary: 'Prometheus metrics (Authorization: Bearer <MONITORING_SECRET>)',
      tags: ['operations'],
      responses: {
        200: {
          description: 'Prometheus text format',
          content: { 'text/plain': { schema: { type: 'string' } } },
        },
      },
      errors: [401, 404, 500],
    },
    'GET /health': {
      summary: 'Health report (the full report with the monitoring secret)',
      tags: ['health'],
      monitor: true,
      responses: health,
      errors: [429, 500],
    },
    'GET /health/live': {
      summary: 'Liveness: the process serves requests',
      tags: ['health'],
      responses: { 200: json(ref('Health'), 'Alive') },
      errors: [500],
    },
    'GET /health/ready': {
      summary:
        'Readiness: 503 until the start-up gate opens, from the first moment of a drain (SIGTERM), and while a dependency does not answer (probe cached up to 1 s)',
      tags: ['health'],
      responses: health,
      errors: [500],
    },
    'POST /auth/signup': {
      summary: 'Create an account and sign in',
      tags: ['auth'],
      body: signup.body,
      responses: { 201: json(data(ref('User')), 'Signed up; sets the session cookie') },
      errors: [...jsonBodyErrors, 409, ...everyRoute],
    },
    'POST /auth/login': {
      summary: 'Sign in',
      tags: ['auth'],
      body: login.body,
      responses: { 200: json(data(ref('User')), 'Signed in; sets the session cookie') },
      errors: [...jsonBodyErrors, ...everyRoute],
    },
    'POST /auth/logout': {
      summary: 'Sign out',
      tags: ['auth'],
      session: true,
      responses: { 204: { description: 'Signed out' } },
      errors: [400, 401, ...everyRoute],
    },
    'GET /auth/me': {
      summary: 'The signed-in account',
      tags: ['auth'],
      session: true,
      responses: { 200: json(data(ref('User')), 'The account') },
      errors: [401, ...everyRoute],
    },
    'PATCH /auth/me': {
      summary: 'Change the name or the language of the account',
      tags: ['auth'],
      session: true,
      body: updateProfile.body,
      responses: { 200: json(data(ref('User')), 'The account') },
      errors: [...jsonBodyErrors, 401, ...everyRoute],
    },
    'POST /auth/password/forgot': {
      summary: 'Email a password reset link (same answer whether or not the account exists)',
      tags: ['auth'],
      body: forgotPassword.body,
      responses: { 202: json(ref('Messages'), 'Accepted', languageHeaders) },
      errors: [...jsonBodyErrors, ...everyRoute],
    },
    'POST /auth/password/reset': {
      summary: 'Set a new password with an emailed token (every session ends)',
      tags: ['auth'],
      body: resetPassword.body,
      responses: { 204: { description: 'Password reset' } },
      errors: [...jsonBodyErrors, ...everyRoute],
    },
    'PUT /auth/password': {
      summary: 'Change the password (this session continues, the others end)',
      tags: ['auth'],
      session: true,
      body: changePassword.body,
      responses: { 204: { description: 'Password changed' } },
      errors: [...jsonBodyErrors, 401, ...everyRoute],
    },
    'POST /auth/email/verification': {
      summary: 'Email a verification link',
      tags: ['auth'],
      session: true,
      responses: { 202: json(ref('Messages'), 'Accepted', languageHeaders) },
      errors: [400, 401, ...everyRoute],
    },
    'POST /auth/email/verify': {
      summary: 'Verify the address with an emailed token',
      tags: ['auth'],
      body: verifyEmail.body,
      responses: { 200: json(data(ref('User')), 'Verified') },
      errors: [...jsonBodyErrors, ...everyRoute],
    },
    'POST /auth/email/change': {
      summary:
        'Move the account to a new address: a link (24 h) to it, a notice to the current one; nothing changes until the link is used',
      tags: ['auth'],
      session: true,
      body: changeEmail.body,
      responses: {
        202: json(ref('Messages'), 'Accepted (the same whether or not the address has an account)'),
      },
      errors: [...jsonBodyErrors, 401, ...everyRoute],
    },
    'GET /auth/account/export': {
      summary: 'Download everything the API holds about the account (one JSON file)',
      tags: ['auth'],
      session: true,
      responses: {
        200: json(data(ref('AccountExport')), 'The export, as an attachment', {
          'Content-Disposition': {
            description: 'attachment; filename="account-<date>.json"',
            schema: { type: 'string' },
          },
        }),
      },
      errors: [401, ...everyRoute],
    },
    'DELETE /auth/account': {
      summary:
        'Delete the account with its current password (409 organization.last_owner, with meta.organizationIds, while it is the last owner of an organization with other members)',
      tags: ['auth'],
      session: true,
      body: deleteAccount.body,
      responses: { 204: { description: 'Deleted; every session of the account has ended' } },
      errors: [...jsonBodyErrors, 401, 409, ...everyRoute],
    },
    'POST /auth/email/confirm': {
      summary: 'Confirm a change of address with the emailed token (every other session ends)',
      tags: ['auth'],
      body: confirmEmail.body,
      responses: { 200: json(data(ref('User')), 'The account at its new, verified address') },
      errors: [...jsonBodyErrors, 409, ...everyRoute],
    },
    'GET /auth/sessions': {
      summary: 'The sessions of the account',
      tags: ['auth'],
      session: true,
      responses: {
        200: json(data({ type: 'array', items: ref('AccountSession') }), 'Sessions'),
      },
      errors: [401, ...everyRoute],
    },
    'DELETE /auth/sessions/:sessionId': {
      summary: 'End one session, everywhere',
      tags: ['auth'],
      session: true,
      responses: { 204: { description: 'Ended' } },
      errors: [400, 401, 404, ...everyRoute],
    },
    'DELETE /auth/sessions': {
      summary: 'End every session but the current one',
      tags: ['auth'],
      session: true,
      responses: { 204: { description: 'Ended' } },
      errors: [401, ...everyRoute],
    },
    'GET /organizations/:organizationId/invitations': {
      summary: 'Pending invitations',
      tags: ['invitations'],
      session: true,
      responses: { 200: json(data({ type: 'array', items: ref('Invitation') }), 'Invitations') },
      errors: [400, 401, 403, ...everyRoute],
    },
    'POST /organizations/:organizationId/invitations': {
      summary: 'Invite an address by email (link valid 7 days): owners and admins',
      tags: ['invitations'],
      session: true,
      body: createInvitation.body,
      responses: { 201: json(data(ref('Invitation')), 'Invited') },
      errors: [...jsonBodyErrors, 401, 403, 409, ...everyRoute],
    },
    'DELETE /organizations/:organizationId/invitations/:invitationId': {
      summary: 'Revoke an invitation (its link dies): owners, admins for non-owner ones',
      tags: ['invitations'],
      session: true,
      responses: { 204: { description: 'Revoked' } },
      errors: [400, 401, 403, 404, ...everyRoute],
    },
    'POST /invitations/accept': {
      summary: 'Accept an invitation as the invited, signed-in account',
      tags: ['invitations'],
      session: true,
      body: acceptInvitation.body,
      responses: { 200: json(data(ref('Organization')), 'Now a member') },
      errors: [...jsonBodyErrors, 401, 403, ...everyRoute],
    },
    'GET /organizations': {
      summary: 'The organizations the caller belongs to',
      tags: ['organizations'],
      session: true,
      responses: {
        200: json(data({ type: 'array', items: ref('Organization') }), 'Organizations'),
      },
      errors: [401, ...everyRoute],
    },
    'POST /organizations': {
      summary: 'Create an organization (the caller becomes its owner)',
      tags: ['organizations'],
      session: true,
      body: createOrganization.body,
      responses: { 201: json(data(ref('Organization')), 'Created') },
      errors: [...jsonBodyErrors, 401, ...everyRoute],
    },
    'GET /organizations/:organizationId': {
      summary: 'One organization',
      tags: ['organizations'],
      session: true,
      responses: { 200: json(data(ref('Organization')), 'The organization') },
      errors: [400, 401, 403, ...everyRoute],
    },
    'PATCH /organizations/:organizationId': {
      summary: 'Rename the organization: owners and admins',
      tags: ['organizations'],
      session: true,
      body: updateOrganization.body,
      responses: { 200: json(data(ref('Organization')), 'Renamed') },
      errors: [...jsonBodyErrors, 401, 403, ...everyRoute],
    },
    'DELETE /organizations/:organizationId': {
      summary:
        'Delete the organization with its members, invitations, events, idempotency records and audit log: owners',
      tags: ['organizations'],
      session: true,
      responses: { 204: { description: 'Deleted' } },
      errors: [400, 401, 403, ...everyRoute],
    },
    'GET /organizations/:organizationId/audit-log': {
      summary: 'Who did what, newest first (keyset pagination): owners and admins',
      tags: ['organizations'],
      session: true,
      query: auditQuery,
      responses: {
        200: json(page('AuditEntry'), 'A page of entries'),
      },
      errors: [400, 401, 403, ...everyRoute],
    },
    'POST /organizations/:organizationId/leave': {
      summary: 'Leave the organization (not as its last owner)',
      tags: ['members'],
      session: true,
      responses: { 204: { description: 'Left' } },
      errors: [400, 401, 403, 409, ...everyRoute],
    },
    'POST /organizations/:organizationId/ownership-transfer': {
      summary: 'Make a member owner and the caller admin, in one step: owners',
      tags: ['members'],
      session: true,
      body: transferOwnership.body,
      responses: {
        200: json(
          data({
            type: 'object',
            required: ['from', 'to'],
            additionalProperties: false,
            properties: { from: ref('Member'), to: ref('Member') },
          }),
          'Transferred'
        ),
      },
      errors: [...jsonBodyErrors, 401, 403, 404, 409, ...everyRoute],
    },
    'GET /organizations/:organizationId/members': {
      summary: 'Members of an organization',
      tags: ['members'],
      session: true,
      responses: { 200: json(data({ type: 'array', items: ref('Member') }), 'Members') },
      errors: [400, 401, 403, ...everyRoute],
    },
    'POST /organizations/:organizationId/members': {
      summary: 'Add an existing account as a member, with a role: owners and admins',
      tags: ['members'],
      session: true,
      body: addMember.body,
      responses: { 201: json(data(ref('Member')), 'Added') },
      errors: [...jsonBodyErrors, 401, 403, 404, 409, ...everyRoute],
    },
    'PATCH /organizations/:organizationId/members/:userId': {
      summary: 'Change a member’s role: owners any, admins non-owners to admin or member',
      tags: ['members'],
      session: true,
      body: changeRole.body,
      responses: { 200: json(data(ref('Member')), 'The member') },
      errors: [...jsonBodyErrors, 401, 403, 404, 409, ...everyRoute],
    },
    'DELETE /organizations/:organizationId/members/:userId': {
      summary: 'Remove a member (never the last owner; removing oneself is leaving)',
      tags: ['members'],
      session: true,
      responses: { 204: { description: 'Removed' } },
      errors: [400, 401, 403, 404, 409, ...everyRoute],
    },
    'GET /organizations/:organizationId/events': {
      summary: 'List events (keyset pagination)',
      tags: ['events'],
      session: true,
      query: listQuery,
      responses: {
        200: json(page('Event'), 'A page of events; nextCursor is null on the last page'),
      },
      errors: [400, 401, 403, ...everyRoute],
    },
    'POST /organizations/:organizationId/events': {
      summary: 'Create an event',
      tags: ['events'],
      session: true,
      body: createEvent.body,
      headers: {
        'Idempotency-Key': {
          type: 'string',
          minLength: 1,
          maxLength: 255,
          pattern: '^[\\x20-\\x7E]+$',
          description: 'A retry with the same key and body within 24 h gets the first answer again',
        },
      },
      responses: { 201: json(data(ref('Event')), 'Created', etagHeader) },
      errors: [...jsonBodyErrors, 401, 403, 409, 422, ...everyRoute],
    },
    'GET /organizations/:organizationId/events/:id': {
      summary: 'One event',
      tags: ['events'],
      session: true,
      headers: { 'If-None-Match': { type: 'string' } },
      responses: {
        200: json(data(ref('Event')), 'The event', etagHeader),
        304: {
          description: 'Not modified (If-None-Match names the current version)',
          headers: etagHeader,
        },
      },
      errors: [400, 401, 403, 404, ...everyRoute],
    },
    'PATCH /organizations/:organizationId/events/:id': {
      summary: 'Change an event (partial; metadata merged)',
      tags: ['events'],
      session: true,
      body: updateEvent.body,
      headers: { 'If-Match': { type: 'string' } },
      responses: { 200: json(data(ref('Event')), 'Changed', etagHeader) },
      errors: [...jsonBodyErrors, 401, 403, 404, 412, ...everyRoute],
    },
    'DELETE /organizations/:organizationId/events/:id': {
      summary: 'Delete an event and its address',
      tags: ['events'],
      session: true,
      responses: { 204: { description: 'Deleted' } },
      errors: [400, 401, 403, 404, ...everyRoute],
    },
    'GET /openapi.json': {
      summary: 'This document',
      tags: ['documentation'],
      responses: {
        200: {
          description: 'OpenAPI 3.1',
          content: { 'application/json': { schema: { type: 'object' } } },
        },
      },
      errors: [500],
    },
    'GET /docs': {
      summary: 'A viewer of this document (outside production)',
      tags: ['documentation'],
      responses: {
        200: { description: 'HTML page', content: { 'text/html': { schema: { type: 'string' } } } },
      },
      errors: [500],
    },
    'GET /docs/viewer.js': {
      summary: 'The viewer’s script',
      tags: ['documentation'],
      responses: {
        200: {
          description: 'JavaScript',
          content: { 'text/javascript': { schema: { type: 'string' } } },
        },
      },
      errors: [500],
    },
  }
}

const PATH_PARAMETERS: Record<string, Schema> = {
  organizationId: uuidSchema,
  userId: uuidSchema,
  id: uuidSchema,
  invitationId: uuidSchema,
  sessionId: { type: 'string', maxLength: 64 },
}

/** Every route the router serves, as `METHOD /pattern` (HEAD is implied by GET). */
export function servedRoutes() {
  const served: string[] = []
  for (const routes of Object.values(router.toJSON())) {
    for (const route of routes) {
      for (const method of route.methods) {
        if (method !== 'HEAD') served.push(`${method} ${route.pattern}`)
      }
    }
  }
  return served
}

let cached: Schema | undefined

/**
 * The OpenAPI 3.1 document of the API: the routes are the router's own, the
 * request bodies and the list's query the validators' own JSON Schema
 * (VineJS); responses are written here and checked by the functional
 * tests, which validate every request and response against this document.
 * A route without a description here fails the build of the document.
 */
export function apiDescription(): Schema {
  if (cached) return cached
  const described = operations()
  const paths: Record<string, Record<string, Schema>> = {}
  for (const route of servedRoutes()) {
    const operation = described[route]
    if (!operation) throw new Error(`${route} is not described in the OpenAPI document`)
    const [method, pattern] = route.split(' ')
    const path = pattern.replace(/:(\w+)/g, '{$1}')
    const parameters = [
      ...[...pattern.matchAll(/:(\w+)/g)].map(([, name]) => ({
        name,
        in: 'path',
        required: true,
        schema: PATH_PARAMETERS[name],
      })),
      ...Object.entries(operation.query ?? {}).map(([name, schema]) => ({
        name,
        in: 'query',
        required: false,
        // A list is one comma-separated value (`status=A,B`), which clients read from here.
        ...(schema.type === 'array' ? { style: 'form', explode: false } : {}),
        schema,
      })),
      ...Object.entries(operation.headers ?? {}).map(([name, schema]) => ({
        name,
        in: 'header',
        required: false,
        schema,
      })),
      acceptLanguage,
    ]
    const responses: Record<string, Schema> = {}
    for (const [status, response] of Object.entries(operation.responses))
      responses[status] = response
    // An unsafe request to a session route may meet the origin guard (403) and must be JSON (415).
    const guarded = !['GET', 'HEAD', 'OPTIONS'].includes(method) && !operation.sessionless
    for (const status of [...operation.errors, ...(guarded ? [403, 415] : [])]) {
      responses[status] ??= json(ref('Error'), ERROR_DESCRIPTIONS[status], languageHeaders)
    }
    paths[path] ??= {}
    paths[path][method.toLowerCase()] = {
      summary: operation.summary,
      tags: operation.tags,
      ...(parameters.length ? { parameters } : {}),
      ...(operation.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: operation.body } },
            },
          }
        : {}),
      responses,
      security: operation.session
        ? [{ session: [] }]
        : operation.monitor
          ? [{}, { monitoringSecret: [] }]
          : [],
    }
  }
  cached = {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Events API',
      version: '1.0.0',
      description:
        "Newsletter, health, accounts, organizations and their events. Errors are `{ errors: [{ message, code, field?, rule? }] }`. Messages, titles, pages and emails are in English or Canadian French (`Accept-Language`; the account's `locale` wins); `code` never changes with the language.",
    },
    paths,
    components: {
      schemas,
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: 'session',
          description:
            'Set by signup and login; named `__Host-session` in production. Browsers send it with `credentials: include`',
        },
        monitoringSecret: {
          type: 'apiKey',
          in: 'header',
          name: 'x-monitoring-secret',
          description: 'Unlocks the full health report',
        },
      },
    },
  }
  return cached
}
