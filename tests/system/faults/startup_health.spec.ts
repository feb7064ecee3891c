import { test } from '@japa/runner'
import { setTimeout } from 'node:timers/promises'
import db from '@adonisjs/lucid/services/db'
import { AppProcess, testDatabaseUrl } from '#tests/helpers/app_process'

/** The status of GET `path`, or null while nothing listens on the port yet. */
async function statusOf(api: AppProcess, path: string) {
  try {
    return await api.status(path)
  } catch {
    return null
  }
}

test.group('Faults: health at start-up', (group) => {
  let api: AppProcess | undefined
  const database = `startup_gate_${process.pid}`

  group.each.teardown(async () => {
    await api?.kill()
    await db.rawQuery(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)
  })

  test('from the moment the port opens, /health is never 200 while a route answers 503 for the closed gate', async ({
    assert,
  }) => {
    // A fresh database: in development every migration runs on start, with
    // the port open and the start-up gate closed, long enough to be seen.
    await db.rawQuery(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)
    await db.rawQuery(`CREATE DATABASE ${database}`)
    const url = new URL(testDatabaseUrl())
    url.pathname = `/${database}`
    api = await AppProcess.production({ NODE_ENV: 'development', DATABASE_URL: url.toString() })
    await api.start({ waitFor: 'nothing' })

    // /health first, then the route: once /health said 200, the route must serve.
    const seen: [number, number][] = []
    const deadline = Date.now() + 120_000
    while (Date.now() < deadline && api.exitCode === null) {
      const health = await statusOf(api, '/health')
      const route = await statusOf(api, '/organizations')
      if (health === null || route === null) {
        assert.lengthOf(seen, 0, `the port closed again:\n${api.output.slice(-3000)}`)
        await setTimeout(5)
        continue
      }
      seen.push([health, route])
      assert.isFalse(health === 200 && route === 503, `/health 200, route 503: ${seen}`)
      if (health === 200 && route !== 503) break
    }

    // The closed gate was seen (/health 503 with the route), then both open.
    assert.deepEqual(seen[0], [503, 503])
    assert.deepEqual(seen.at(-1), [200, 401])
    assert.isAbove(seen.length, 1)
  }).timeout(150_000)
})
