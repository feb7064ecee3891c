import { test } from '@japa/runner'
import { manages, mayActOn, mayGrant } from '#helpers/organization_roles'
import type { OrganizationRole } from '#types/organization'

const ROLES: OrganizationRole[] = ['owner', 'admin', 'member']

test.group('Role rules (contract, Roles inside an organization)', () => {
  test('owners and admins manage, members do not', ({ assert }) => {
    assert.deepEqual(
      ROLES.map((role) => manages(role)),
      [true, true, false]
    )
    assert.isFalse(manages(null))
  })

  test('an owner acts on anyone, an admin on non-owners, a member on nobody', ({ assert }) => {
    const table = ROLES.map((actor) => ROLES.map((target) => mayActOn(actor, target)))
    assert.deepEqual(table, [
      [true, true, true],
      [false, true, true],
      [false, false, false],
    ])
  })

  test('only an owner grants owner; an admin grants admin and member', ({ assert }) => {
    const table = ROLES.map((actor) => ROLES.map((role) => mayGrant(actor, role)))
    assert.deepEqual(table, [
      [true, true, true],
      [false, true, true],
      [false, false, false],
    ])
  })
})
