/**
 * CI: reads the output of `npm ci --loglevel=warn` and fails on any warning someone should act
 * on. npm checks `engines` against the Node that runs npm (the machine's, 20 on a fresh Debian),
 * not the Node 24 the project brings, so an EBADENGINE warning counts only when the pinned Node
 * (the `node` devDependency, the same as .nvmrc) does not satisfy it either. Everything else npm
 * warns about (an unreviewed install script, a lockfile problem...) fails. Prints the install's
 * output without the explained engine warnings, then one line for them.
 *
 *   node .ci/npm_warnings.mjs npm-ci.log
 */
import { readFileSync } from 'node:fs'
import semver from 'semver'

const root = new URL('../', import.meta.url)
const pinned = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')).devDependencies.node
const nvmrc = readFileSync(new URL('.nvmrc', root), 'utf8').trim()

const lines = readFileSync(process.argv[2], 'utf8').split('\n')
const problems = []
const kept = []
let explained = 0
let npmNode = ''

if (nvmrc !== pinned) {
  problems.push(`.nvmrc says ${nvmrc} but the node devDependency is ${pinned}: make them one`)
}

for (let index = 0; index < lines.length; index++) {
  const line = lines[index]
  if (!/^npm warn /.test(line)) {
    kept.push(line)
    continue
  }
  if (!line.startsWith('npm warn EBADENGINE Unsupported engine {')) {
    problems.push(line)
    kept.push(line)
    continue
  }
  /** One engine warning: its lines up to the closing brace. */
  const block = [line]
  while (index + 1 < lines.length && lines[index + 1].startsWith('npm warn EBADENGINE ')) {
    block.push(lines[++index])
    if (/^npm warn EBADENGINE }$/.test(block.at(-1))) break
  }
  const text = block.join('\n')
  const pkg = /package: '([^']+)'/.exec(text)?.[1] ?? '?'
  const range = /required: \{[^}]*\bnode: '([^']+)'/.exec(text)?.[1]
  const npmRange = /required: \{[^}]*\bnpm: '([^']+)'/.exec(text)?.[1]
  npmNode = /current: \{ node: '([^']+)'/.exec(text)?.[1] ?? npmNode
  if (range && !npmRange && semver.satisfies(pinned, range, { includePrerelease: true })) {
    explained++
  } else {
    problems.push(`${pkg} requires ${JSON.stringify({ node: range, npm: npmRange })}`)
    kept.push(...block)
  }
}

console.log(kept.join('\n').trimEnd())
if (explained > 0) {
  console.log(
    `npm_warnings: ${explained} engine checks against npm's own Node ${npmNode} hold for the pinned Node ${pinned}`
  )
}
if (problems.length > 0) {
  console.error(`npm_warnings: npm ci warned about what someone should act on:`)
  for (const problem of problems) console.error(`  ${problem}`)
  process.exit(1)
}
