import { test } from '@japa/runner'
import type { AuthorizationResponse } from '@adonisjs/bouncer'
import EventPolicy from '#policies/event_policy'
import type User from '#models/user'
import type { FoundEvent } from '#services/events/event_service'
import type { EventRecord } from '#types/event'

const ACTIONS = ['view', 'update', 'delete'] as const

const EVENT: EventRecord = {
  id: '01900000-0000-7000-8000-000000000001',
  organizationId: '01900000-0000-7000-8000-000000000002',
  name: 'Launch',
  description: null,
  targetDate: null,
  status: 'BACKLOG',
  eventType: 'ONE_OFF',
  metadata: {},
  address: null,
  createdAt: new Date('2026-12-01T00:00:00Z'),
  updatedAt: new Date('2026-12-01T00:00:00Z'),
}

/** The row EventService.find reads, as the policy receives it (no database: the decision alone). */
function found(
  membership: FoundEvent['membership'],
  event: EventRecord | null = EVENT
): FoundEvent {
  return { membership, event, version: '1', reload: () => Promise.reject(new Error('not read')) }
}

function user(twoFactorEnabled = false) {
  return { id: '01900000-0000-7000-8000-000000000003', twoFactorEnabled } as User
}

/** The refusal as the error handler renders it: status, code, message key. */
function refusal(response: AuthorizationResponse) {
  const { status, code, translation } = response as AuthorizationResponse & {
    code?: string
    translation?: { identifier: string }
  }
  return { authorized: response.authorized, status, code, key: translation?.identifier }
}

test.group('Event policy', () => {
  test('allows a member every action on an event of the organization', ({ assert }) => {
    const policy = new EventPolicy()
    for (const action of ACTIONS) {
      assert.isTrue(policy[action](user(), found({ requireTwoFactor: false })).authorized, action)
    }
  })

  test('refuses a non-member with 403 whether or not the event exists', ({ assert }) => {
    const policy = new EventPolicy()
    for (const action of ACTIONS) {
      for (const event of [EVENT, null]) {
        assert.deepEqual(
          refusal(policy[action](user(true), found(null, event))),
          {
            authorized: false,
            status: 403,
            code: 'auth.forbidden',
            key: 'errors.auth.not_a_member',
          },
          `${action}, event ${event ? 'present' : 'absent'}`
        )
      }
    }
  })

  test('answers a member naming an event the organization does not have with 404', ({ assert }) => {
    const policy = new EventPolicy()
    for (const action of ACTIONS) {
      assert.deepEqual(
        refusal(policy[action](user(), found({ requireTwoFactor: false }, null))),
        {
          authorized: false,
          status: 404,
          code: 'common.resource.not_found',
          key: 'errors.resource.not_found',
        },
        action
      )
    }
  })

  test('keeps out a member without a second factor while the organization requires two, before the 404', ({
    assert,
  }) => {
    const policy = new EventPolicy()
    const required = { requireTwoFactor: true }
    for (const action of ACTIONS) {
      for (const event of [EVENT, null]) {
        assert.deepEqual(
          refusal(policy[action](user(false), found(required, event))),
          {
            authorized: false,
            status: 403,
            code: 'organization.two_factor_required',
            key: 'errors.organizations.two_factor_required',
          },
          action
        )
      }
      assert.isTrue(policy[action](user(true), found(required)).authorized, action)
    }
  })
})
