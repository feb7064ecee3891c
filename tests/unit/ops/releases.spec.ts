import { test } from '@japa/runner'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const RELEASES = fileURLToPath(new URL('../../../releases.json', import.meta.url))
/**
 * The typed client's version is info.version (npm run api:breaking-check fails otherwise).
 * Read here rather than from apiDescription(), which keeps the first document it builds: built
 * before the routes are committed, it would describe none to the suites that follow.
 */
const CLIENT_PACKAGE = fileURLToPath(
  new URL('../../../packages/api-client/package.json', import.meta.url)
)
const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/

type Release = { version: string; commit: string }

/** Negative, zero or positive as `a` is older than, the same as or newer than `b`. */
function compare(a: string, b: string) {
  const [x, y] = [a, b].map((version) => version.split('.').map(Number))
  for (let part = 0; part < 3; part++) if (x[part] !== y[part]) return x[part] - y[part]
  return 0
}

test.group('Releases (releases.json, docs/releasing.md)', () => {
  const releases = JSON.parse(readFileSync(RELEASES, 'utf8')) as Release[]

  test('each release is a MAJOR.MINOR.PATCH version and a full commit', ({ assert }) => {
    assert.isAbove(releases.length, 0)
    for (const release of releases) {
      assert.deepEqual(Object.keys(release).sort(), ['commit', 'version'])
      assert.match(release.version, SEMVER)
      assert.match(release.commit, /^[0-9a-f]{40}$/)
    }
  })

  test('newest first, each version once', ({ assert }) => {
    for (let index = 1; index < releases.length; index++) {
      assert.isAbove(compare(releases[index - 1].version, releases[index].version), 0)
    }
  })

  test('the newest release is not newer than the API description (info.version)', ({ assert }) => {
    const current = (JSON.parse(readFileSync(CLIENT_PACKAGE, 'utf8')) as { version: string })
      .version
    assert.isAtMost(compare(releases[0].version, current), 0)
  })
})
