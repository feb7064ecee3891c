import Emittery from 'emittery'
import { test } from '@japa/runner'

/**
 * patches/emittery+*.patch: `Emittery.isDebugEnabled`, read on every emit,
 * read `process.env.DEBUG` each time (a lookup in the process environment).
 * The patch reads `DEBUG` once, when emittery loads, as the `debug` package
 * does: setting it afterwards no longer turns emittery's debug output on or
 * off. The `isDebugEnabled` setter still does.
 */
async function consoleLines(work: () => Promise<unknown>) {
  const log = console.log
  const lines: string[] = []
  console.log = (...args: unknown[]) => {
    lines.push(args.map(String).join(' '))
  }
  try {
    await work()
  } finally {
    console.log = log
  }
  return lines.filter((line) => line.includes('[debug-at-load]'))
}

async function withDebug(value: string, work: () => Promise<unknown>) {
  const before = process.env.DEBUG
  process.env.DEBUG = value
  try {
    await work()
  } finally {
    if (before === undefined) delete process.env.DEBUG
    else process.env.DEBUG = before
  }
}

test.group('Patches: emittery reads DEBUG once, at load', () => {
  test('setting DEBUG after load does not change debug output', async ({ assert }) => {
    const atLoad = Emittery.isDebugEnabled
    const emitter = new Emittery({ debug: { name: 'debug-at-load' } })
    emitter.on('tick', () => {})
    let lines: string[] = []

    await withDebug(atLoad ? 'someone-else' : 'emittery', async () => {
      assert.equal(Emittery.isDebugEnabled, atLoad)
      lines = await consoleLines(() => emitter.emit('tick', { n: 1 }))
    })

    assert.lengthOf(lines, atLoad ? 1 : 0)
  })

  test('the isDebugEnabled setter still turns debug output on', async ({ assert }) => {
    const atLoad = Emittery.isDebugEnabled
    const emitter = new Emittery({ debug: { name: 'debug-at-load' } })
    emitter.on('tick', () => {})

    Emittery.isDebugEnabled = true
    let lines: string[]
    try {
      lines = await consoleLines(() => emitter.emit('tick', { n: 2 }))
    } finally {
      Emittery.isDebugEnabled = atLoad
    }

    assert.lengthOf(lines, 1)
    assert.include(lines[0], 'Event Name: tick')
  })
})
