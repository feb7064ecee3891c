import { test } from '@japa/runner'
import encryption from '@adonisjs/core/services/encryption'
import {
  bindings,
  equalityPrefixes,
  issueCursor,
  keysetWalk,
  readCursor,
  type IndexWalk,
} from '#helpers/keyset'

const ORGANIZATION = '01900000-0000-7000-8000-000000000001'
const POSITION = {
  key: '2026-12-04 12:00:00.123456+00',
  id: '01900000-0000-7000-8000-000000000002',
}

/** A cursor as the event list and the audit log signed them before they shared this helper. */
function signedAsBefore(purpose: string, payload: Record<string, string>) {
  return encryption.getMessageVerifier().sign(payload, undefined, purpose)
}

test.group('Keyset cursors', () => {
  test('cursors issued before the shared helper read back, and it issues the same strings', ({
    assert,
  }) => {
    const events = signedAsBefore('events-list-cursor', {
      o: ORGANIZATION,
      s: '-targetDate',
      k: POSITION.key,
      i: POSITION.id,
    })
    const audit = signedAsBefore('audit-log-cursor', {
      o: ORGANIZATION,
      k: POSITION.key,
      i: POSITION.id,
    })
    const eventScope = { organizationId: ORGANIZATION, sort: '-targetDate' }

    assert.deepEqual(readCursor('events-list-cursor', events, eventScope), POSITION)
    assert.deepEqual(
      readCursor('audit-log-cursor', audit, { organizationId: ORGANIZATION }),
      POSITION
    )
    assert.equal(issueCursor('events-list-cursor', eventScope, POSITION), events)
    assert.equal(issueCursor('audit-log-cursor', { organizationId: ORGANIZATION }, POSITION), audit)
  })

  test('a cursor of another list, organization or order, or not issued, reads as none', ({
    assert,
  }) => {
    const scope = { organizationId: ORGANIZATION, sort: 'createdAt' }
    const cursor = issueCursor('events-list-cursor', scope, POSITION)
    const refusals = [
      () => readCursor('audit-log-cursor', cursor, { organizationId: ORGANIZATION }),
      () => readCursor('events-list-cursor', cursor, { ...scope, organizationId: POSITION.id }),
      () => readCursor('events-list-cursor', cursor, { ...scope, sort: '-createdAt' }),
      () => readCursor('events-list-cursor', cursor, { organizationId: ORGANIZATION }),
      () => readCursor('events-list-cursor', `${cursor.slice(0, -2)}xx`, scope),
      () => readCursor('events-list-cursor', 'not-a-cursor', scope),
      () =>
        readCursor(
          'events-list-cursor',
          signedAsBefore('events-list-cursor', {
            o: ORGANIZATION,
            s: 'createdAt',
            k: POSITION.key,
          }),
          scope
        ),
    ]
    for (const [index, refusal] of refusals.entries()) {
      assert.isNull(refusal(), `${index}`)
    }
  })
})

test.group('Keyset page statements', () => {
  test('one scan per combination of the values asked for, bound in that order', ({ assert }) => {
    const { values, bind } = bindings<string>()
    const prefixes = equalityPrefixes(
      [
        { column: 'e.event_type', values: ['ONE_OFF', 'RECURRING'] },
        { column: 'e.status', values: ['PLANNED', 'COMPLETED'] },
      ],
      bind
    )
    assert.deepEqual(prefixes, [
      ['e.event_type = $1', 'e.status = $2'],
      ['e.event_type = $3', 'e.status = $4'],
      ['e.event_type = $5', 'e.status = $6'],
      ['e.event_type = $7', 'e.status = $8'],
    ])
    assert.deepEqual(values, [
      'ONE_OFF',
      'PLANNED',
      'ONE_OFF',
      'COMPLETED',
      'RECURRING',
      'PLANNED',
      'RECURRING',
      'COMPLETED',
    ])
  })

  test('one scan is the statement itself; several are merged in the walk’s order', ({ assert }) => {
    const walk: IndexWalk = {
      select: 'id, occurred_at',
      from: 'organization_audit_entries',
      scope: 'organization_id = $1',
      prefixes: [[]],
      bounds: ['(occurred_at, id) < ($3::timestamptz, $4::uuid)'],
      key: 'occurred_at',
      id: 'id',
      direction: 'DESC',
      keyColumn: 'occurred_at',
      idColumn: 'id',
      limit: '$2',
    }
    const squeezed = (text: string) => text.replace(/\s+/g, ' ').trim()

    assert.equal(
      squeezed(keysetWalk(walk)),
      'SELECT id, occurred_at FROM organization_audit_entries WHERE organization_id = $1 AND (occurred_at, id) < ($3::timestamptz, $4::uuid) ORDER BY occurred_at DESC, id DESC LIMIT $2'
    )
    const merged = squeezed(keysetWalk({ ...walk, prefixes: [['action = $5'], ['action = $6']] }))
    assert.match(
      merged,
      /^SELECT \* FROM \(\(.+\) UNION ALL \(.+\)\) AS scans ORDER BY occurred_at DESC, id DESC LIMIT \$2$/
    )
    assert.include(merged, 'WHERE organization_id = $1 AND action = $5 AND (occurred_at, id) <')
    assert.include(merged, 'WHERE organization_id = $1 AND action = $6 AND (occurred_at, id) <')
  })
})
