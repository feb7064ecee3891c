import { chmod, mkdir, mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from '@japa/runner'
import { RecentLines } from '#providers/database_server_provider'
import { grantTraversal } from '#helpers/folder_access'

async function modeOf(path: string) {
  const info = await stat(path)
  return info.mode & 0o7777
}

/** Not the owner of anything here, in no group of ours: the `postgres` user as seen by mode bits. */
const STRANGER = { uid: 2_000_000_001, gids: [2_000_000_001] }

test.group('Embedded PostgreSQL provider', () => {
  test('keeps only the last lines PostgreSQL wrote', ({ assert }) => {
    const output = new RecentLines(50)
    for (let line = 1; line <= 10_000; line++) output.push(`line ${line}`)

    assert.deepEqual(output.last(2), ['line 9999', 'line 10000'])
    assert.lengthOf(output.last(1000), 50)
  })

  test('grants search only, only where the postgres user cannot traverse', async ({
    assert,
    cleanup,
  }) => {
    // A clone inside a `mktemp -d` folder (mode 700) with one more closed folder below.
    const closed = await mkdtemp(join(tmpdir(), 'clone-'))
    cleanup(() => rm(closed, { recursive: true, force: true }))
    await chmod(closed, 0o700)
    const open = join(closed, 'app', 'tmp')
    await mkdir(open, { recursive: true })
    await chmod(join(closed, 'app'), 0o755)
    await chmod(open, 0o750)
    const above = await modeOf(tmpdir())

    await grantTraversal(join(open, 'postgres'), STRANGER)

    assert.equal(await modeOf(closed), 0o701)
    assert.equal(await modeOf(join(closed, 'app')), 0o755)
    assert.equal(await modeOf(open), 0o751)
    assert.equal(await modeOf(tmpdir()), above)
  })

  test('leaves alone folders the user can already traverse as owner', async ({
    assert,
    cleanup,
  }) => {
    const folder = await mkdtemp(join(tmpdir(), 'owned-'))
    cleanup(() => rm(folder, { recursive: true, force: true }))
    await chmod(folder, 0o700)
    const owner = { uid: process.getuid!(), gids: [] }

    await grantTraversal(folder, owner)

    assert.equal(await modeOf(folder), 0o700)
  })
})
