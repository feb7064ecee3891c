import { test } from '@japa/runner'
import OrganizationLanes from '#services/platform/organization_lanes'
import MetricsOnFirstUse from '#services/platform/metrics_on_first_use'
import OrganizationBusyException from '#exceptions/organization_busy_exception'

const A = 'organization-a'
const B = 'organization-b'
const C = 'organization-c'

/** Whether `promise` has settled once pending callbacks have run. */
async function hasSettled(promise: Promise<unknown>) {
  let settled = false
  promise.then(
    () => (settled = true),
    () => (settled = true)
  )
  await new Promise((resolve) => setImmediate(resolve))
  return settled
}

test.group('Organization lanes', () => {
  test('an organization holds at most its lane; others pass; the line is served first come, first served', async ({
    assert,
  }) => {
    const lanes = new OrganizationLanes({ size: 2, waitMs: 60_000 }, new MetricsOnFirstUse())
    const leaveFirst = await lanes.enter(A)
    const leaveSecond = await lanes.enter(A)
    const admitted: string[] = []
    const third = lanes.enter(A).then((leave) => (admitted.push('third'), leave))
    const fourth = lanes.enter(A).then((leave) => (admitted.push('fourth'), leave))
    assert.isFalse(await hasSettled(third))

    // Another organization never waits behind A.
    const leaveB = await lanes.enter(B)
    leaveB()

    leaveSecond()
    assert.isTrue(await hasSettled(third))
    // Leaving twice gives back one place only.
    leaveSecond()
    assert.isFalse(await hasSettled(fourth))
    leaveFirst()
    assert.isTrue(await hasSettled(fourth))
    assert.deepEqual(admitted, ['third', 'fourth'])
    ;(await third)()
    ;(await fourth)()

    // All given back: both places are free again at once.
    const again = [lanes.enter(A), lanes.enter(A)]
    assert.isTrue(await hasSettled(again[0]))
    assert.isTrue(await hasSettled(again[1]))
    for (const leave of await Promise.all(again)) leave()
  })

  test('refused with 503 when no place frees within the wait; the line goes on without it', async ({
    assert,
  }) => {
    const lanes = new OrganizationLanes({ size: 1, waitMs: 50 }, new MetricsOnFirstUse())
    const leave = await lanes.enter(A)
    await assert.rejects(() => lanes.enter(A), OrganizationBusyException)

    // The expired waiter left the line: the next one gets the place when it frees.
    const next = lanes.enter(A)
    assert.isFalse(await hasSettled(next))
    leave()
    assert.isTrue(await hasSettled(next))
    ;(await next)()
  })

  test('alone an organization holds half the pool; while others are in flight, a fair share of it, and its line moves again as they leave', async ({
    assert,
  }) => {
    const lanes = new OrganizationLanes({ size: 5, waitMs: 60_000 }, new MetricsOnFirstUse())
    assert.deepEqual(
      [1, 2, 3, 5, 6].map((n) => lanes.shareOf(n)),
      [5, 2, 1, 1, 1]
    )

    const leaveA = await Promise.all(Array.from({ length: 5 }, () => lanes.enter(A)))
    // Newcomers pass at once: their share has a place free.
    const leaveB = await lanes.enter(B)
    const leaveC = await lanes.enter(C)
    // Three organizations in flight: one place each. A holds 5 already and gets no more
    // until it is under its share.
    const sixth = lanes.enter(A)
    for (let n = 0; n < 4; n++) leaveA.pop()!()
    assert.isFalse(await hasSettled(sixth))
    leaveA.pop()!()
    assert.isTrue(await hasSettled(sixth))
    leaveA.push(await sixth)

    // Once C leaves, two organizations share: two places each; once B leaves, A alone: five.
    const waiting = Array.from({ length: 4 }, () => lanes.enter(A))
    assert.isFalse(await hasSettled(waiting[0]))
    leaveC()
    assert.isTrue(await hasSettled(waiting[0]))
    assert.isFalse(await hasSettled(waiting[1]))
    leaveB()
    for (const entry of waiting.slice(1)) assert.isTrue(await hasSettled(entry))
    const extra = lanes.enter(A)
    assert.isFalse(await hasSettled(extra), 'five is the most one organization holds')
    leaveA.pop()!()
    assert.isTrue(await hasSettled(extra))
    for (const leave of await Promise.all([...waiting, extra])) leave()

    // All given back: B alone holds five places again.
    const again = Array.from({ length: 5 }, () => lanes.enter(B))
    for (const entry of again) assert.isTrue(await hasSettled(entry))
    for (const leave of await Promise.all(again)) leave()
  })
})
