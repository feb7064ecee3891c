import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { BaseTransformer } from '@adonisjs/core/transformers'

/**
 * patches/@adonisjs+http-transformers+*.patch: `transform()` built a
 * RuntimeException (a stack capture) on every call, for an error raised only
 * when the value is undefined. The patch builds it only for undefined.
 */
class NameTransformer extends BaseTransformer<{ name: string }> {
  toObject() {
    return { name: this.resource.name }
  }
}

/** How many stack captures `work` makes (every Exception calls Error.captureStackTrace). */
function stackCaptures(work: () => void) {
  const capture = Error.captureStackTrace
  let calls = 0
  Error.captureStackTrace = (...args: Parameters<typeof capture>) => {
    calls++
    return capture(...args)
  }
  try {
    work()
  } finally {
    Error.captureStackTrace = capture
  }
  return calls
}

test.group('Patches: transformers capture a stack only for an undefined value', () => {
  test('transforming an item, a collection or a page captures no stack', async ({ assert }) => {
    let item: ReturnType<typeof NameTransformer.transform> | undefined
    const calls = stackCaptures(() => {
      item = NameTransformer.transform({ name: 'Ann' })
      NameTransformer.transform([{ name: 'Ann' }, { name: 'Bob' }])
      NameTransformer.paginate([{ name: 'Ann' }], { total: 1 })
    })

    assert.equal(calls, 0)
    assert.deepEqual(await item!.resolve(app.container.createResolver(), 0, 1), { name: 'Ann' })
  })

  test('an undefined value still fails with an error pointing at the transform() call', ({
    assert,
  }) => {
    const item = NameTransformer.transform(undefined as unknown as { name: string })

    let error: Error | undefined
    try {
      item.resolve(app.container.createResolver(), 0, 1)
    } catch (thrown) {
      error = thrown as Error
    }
    assert.match(String(error?.message), /Cannot transform undefined value/)
    assert.include(String(error?.stack), 'http_transformers_stack_capture.spec')
  })
})
