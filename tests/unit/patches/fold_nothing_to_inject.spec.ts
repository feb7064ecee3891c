import { test } from '@japa/runner'
import { Container, inject } from '@adonisjs/core/container'

/**
 * patches/@adonisjs+fold+*.patch: the container resolves every middleware,
 * controller and policy of every request. Stock, it awaited
 * `containerProvider()` for a constructor or method with nothing to inject
 * (only to hand back the runtime values), awaited the resolving hooks even
 * when none was registered, and asked `Function.prototype.toString()` and a
 * regular expression whether a binding is a class on every resolution. The
 * patch takes the runtime values as they are, awaits hooks only when there are
 * some, and remembers per function whether it is a class.
 *
 * Observable: with nothing awaited, a class is constructed, a method called
 * and the resolved event emitted in the same turn as `make()` / `call()`.
 */
function containerWithEvents() {
  const resolved: unknown[] = []
  const container = new Container({
    emitter: {
      emit(_event: string | symbol, data: { binding: unknown }) {
        resolved.push(data.binding)
      },
    },
  })
  return { container, resolved }
}

class Clock {
  now() {
    return 42
  }
}

test.group('Patches: the container awaits nothing for a class with nothing to inject', () => {
  test('make() constructs the class and emits its resolution in the same turn', async ({
    assert,
  }) => {
    const { container, resolved } = containerWithEvents()
    let constructed = 0
    class Plain {
      constructor() {
        constructed++
      }
    }

    const promise = container.make(Plain)

    assert.equal(constructed, 1, 'constructed without awaiting containerProvider()')
    assert.deepEqual(resolved, [Plain], 'emitted without awaiting the (absent) hooks')
    assert.instanceOf(await promise, Plain)
  })

  test('call() calls a method with nothing to inject in the same turn, with the runtime values', async ({
    assert,
  }) => {
    const { container } = containerWithEvents()
    const calls: unknown[][] = []
    class Handler {
      handle(...args: unknown[]) {
        calls.push(args)
        return 'done'
      }
    }

    const promise = container.call(new Handler(), 'handle', ['ctx', 'next'])

    assert.deepEqual(calls, [['ctx', 'next']])
    assert.equal(await promise, 'done')
  })

  test('whether a binding is a class is asked of its source once', async ({ assert }) => {
    const { container } = containerWithEvents()
    let sourceReads = 0
    class Plain {
      static toString() {
        sourceReads++
        return Function.prototype.toString.call(this)
      }
    }

    for (let round = 0; round < 3; round++) assert.instanceOf(await container.make(Plain), Plain)

    assert.equal(sourceReads, 1)
  })

  test('injections, hooks and missing dependencies behave as before', async ({ assert }) => {
    const { container, resolved } = containerWithEvents()

    @inject()
    class Report {
      constructor(public clock: Clock) {}
    }
    @inject()
    class Reporter {
      @inject()
      run(report: Report) {
        return report.clock.now()
      }
    }
    const report = await container.make(Report)
    assert.equal(report.clock.now(), 42)
    assert.equal(await container.call(await container.make(Reporter), 'run'), 42)

    const hooked: unknown[] = []
    container.resolving(Clock, (clock) => {
      hooked.push(clock)
    })
    const clock = await container.make(Clock)
    assert.deepEqual(hooked, [clock])
    assert.include(resolved, Clock)

    class NeedsAnArgument {
      constructor(public value: string) {}
    }
    await assert.rejects(() => container.make(NeedsAnArgument), /Container is not able to resolve/)
    class NeedsAnArgumentToo {
      run(value: string) {
        return value
      }
    }
    await assert.rejects(
      () => container.call(new NeedsAnArgumentToo(), 'run'),
      /Did you forget to use @inject\(\) decorator/
    )
  })
})
