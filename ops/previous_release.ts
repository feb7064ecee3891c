/*
|--------------------------------------------------------------------------
| The previous release, built from the repository
|--------------------------------------------------------------------------
| The newest entry of releases.json (docs/releasing.md): its commit's files
| (git archive) under tmp/releases/<version>-<commit>/src, its dependencies
| (this checkout's node_modules when package-lock.json is the same, else
| `npm ci` from the registry), then its production build (node ace build)
| in src/build. Kept once built: the next run reuses it. Used by the
| compatibility test (tests/system/migrations/previous_release.spec.ts)
| and the deploy drill (ops/drill/deploy.ts).
*/

import { execFileSync, execSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { mkdir, rm, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../', import.meta.url))

export type Release = { version: string; commit: string }

/** The releases, newest first (releases.json at the root). */
export function releases(): Release[] {
  return JSON.parse(readFileSync(join(root, 'releases.json'), 'utf8'))
}

/** Why the release's commit cannot be read from this clone, or undefined when it can. */
export function missingCommit(release: Release) {
  try {
    execFileSync('git', ['-C', root, 'cat-file', '-e', `${release.commit}^{commit}`], {
      stdio: 'ignore',
    })
    return undefined
  } catch {
    return `commit ${release.commit} of release ${release.version} is not in this clone (no git history, or a shallow clone): run \`git fetch --unshallow --tags\` to have it`
  }
}

/** The release's production build (its folder has bin/server.js and ace.js), built unless kept from an earlier run. */
export async function releaseBuild(release: Release, log: (line: string) => void = () => {}) {
  const dir = join(root, 'tmp', 'releases', `${release.version}-${release.commit.slice(0, 12)}`)
  const src = join(dir, 'src')
  const buildDir = join(src, 'build')
  const done = join(dir, 'built')
  if (existsSync(done) && existsSync(join(buildDir, 'bin', 'server.js'))) return buildDir

  await rm(dir, { recursive: true, force: true })
  await mkdir(src, { recursive: true })
  log(`extracting ${release.version} (${release.commit.slice(0, 12)}) with git archive`)
  execSync(`git -C '${root}' archive --format=tar ${release.commit} | tar -x -C '${src}'`, {
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const sameLock =
    readFileSync(join(src, 'package-lock.json'), 'utf8') ===
    readFileSync(join(root, 'package-lock.json'), 'utf8')
  if (sameLock) {
    log('same package-lock.json as this checkout: its node_modules are used')
    await symlink(join(root, 'node_modules'), join(src, 'node_modules'), 'dir')
  } else {
    log(`installing ${release.version}'s dependencies (npm ci)`)
    execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline'], {
      cwd: src,
      stdio: ['ignore', 'ignore', 'inherit'],
    })
  }
  log(`building ${release.version} (node ace build)`)
  execFileSync(process.execPath, ['ace', 'build'], {
    cwd: src,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'development' },
  })
  await symlink(join(src, 'node_modules'), join(buildDir, 'node_modules'), 'dir')
  await writeFile(done, new Date().toISOString())
  return buildDir
}
