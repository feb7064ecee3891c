import diagnostics_channel from 'node:diagnostics_channel'
import Emittery from 'emittery'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { Emitter } from '@adonisjs/core/events'

/**
 * patches/@adonisjs+events+*.patch: the framework emits several events per
 * request (session, authentication, authorization) that usually nobody
 * listens to; stock, each went through emittery's `emit` (its debug check,
 * producers, a Set of listeners, a Promise.all). The patch returns early when
 * the event has no listener (nor an `onAny` one) and nobody traces or debugs.
 */
async function transportEmits(names: string[], work: () => Promise<unknown>) {
  const emit = Emittery.prototype.emit
  const emitted: unknown[] = []
  Emittery.prototype.emit = function (this: Emittery, eventName: unknown, ...rest: unknown[]) {
    // Japa's own emitter is an emittery too: count only this test's events.
    if (names.includes(eventName as string)) emitted.push(eventName)
    return (emit as (...args: unknown[]) => Promise<void>).call(this, eventName, ...rest)
  } as typeof emit
  try {
    await work()
  } finally {
    Emittery.prototype.emit = emit
  }
  return emitted
}

test.group('Patches: an event nobody listens to is not dispatched', () => {
  test('emit() of an event without a listener does not reach emittery', async ({ assert }) => {
    const emitter = new Emitter(app)

    const emitted = await transportEmits(['nobody:listens'], async () => {
      await emitter.emit('nobody:listens', { id: 1 })
    })

    assert.deepEqual(emitted, [])
  })

  test('a listener, an onAny listener or a tracer still gets the event', async ({ assert }) => {
    const emitter = new Emitter(app)
    const heard: unknown[] = []
    emitter.on('listened', (data) => {
      heard.push(['on', data])
    })

    const emitted = await transportEmits(['listened', 'any', 'traced'], async () => {
      await emitter.emit('listened', { id: 1 })

      const other = new Emitter(app)
      other.onAny((name, data) => {
        heard.push(['any', name, data])
      })
      await other.emit('any', { id: 2 })

      const tracer = diagnostics_channel.tracingChannel('adonisjs.event.dispatch')
      const traced: unknown[] = []
      const handlers = {
        start: (message: unknown) => traced.push((message as { event: unknown }).event),
        end: () => {},
        asyncStart: () => {},
        asyncEnd: () => {},
        error: () => {},
      }
      tracer.subscribe(handlers)
      try {
        await new Emitter(app).emit('traced', { id: 3 })
      } finally {
        tracer.unsubscribe(handlers)
      }
      heard.push(['traced', ...traced])
    })

    assert.deepEqual(emitted, ['listened', 'any', 'traced'])
    assert.deepEqual(heard, [
      ['on', { id: 1 }],
      ['any', 'any', { id: 2 }],
      ['traced', 'traced'],
    ])
  })
})
