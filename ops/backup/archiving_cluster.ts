/*
|--------------------------------------------------------------------------
| A PostgreSQL 15 archiving through pgBackRest, as the recipe says
|--------------------------------------------------------------------------
| For the restore drill (ops/drill/restore.ts) and the backup tests: Debian's
| PostgreSQL 15 with the archive settings of ops/patroni/patroni.yml copied
| as they are, and ops/backup/pgbackrest.conf with only its paths moved into
| a scratch folder (PGBACKREST_CONFIG points the archive_command at it).
| Restores go through ops/backup/restore.sh, the documented command. As
| root, everything runs as `postgres` (PostgreSQL refuses root).
*/

import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { appendFile, chown, mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import pg from 'pg'
import { freePort } from '#helpers/free_port'
import { grantTraversal, systemUser, type SystemUser } from '#helpers/folder_access'

const exec = promisify(execFile)
const RECIPE = fileURLToPath(new URL('./', import.meta.url))
const PATRONI = fileURLToPath(new URL('../patroni/patroni.yml', import.meta.url))

export const POSTGRES_BIN = process.env.POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin'
export const STANZA = 'events-api'

/** Whether this machine can run it: Debian's postgresql-15 and pgbackrest. */
export async function canArchive() {
  if (!existsSync(join(POSTGRES_BIN, 'pg_ctl'))) return false
  return exec('pgbackrest', ['version']).then(
    () => true,
    () => false
  )
}

/** archive_mode, archive_command and archive_timeout as ops/patroni/patroni.yml sets them. */
export async function recipeArchiveSettings() {
  const patroni = await readFile(PATRONI, 'utf8')
  const settings: Record<string, string> = {}
  for (const name of ['archive_mode', 'archive_command', 'archive_timeout']) {
    const match = patroni.match(new RegExp(`^\\s+${name}: (.+)$`, 'm'))
    if (!match) throw new Error(`ops/patroni/patroni.yml sets no ${name}`)
    settings[name] = match[1].trim().replace(/^"(.*)"$/, '$1')
  }
  return settings
}

/** ops/backup/pgbackrest.conf with its paths (and only them) moved under `folder`. */
async function scratchConfig(folder: string, dataDir: string, port: number) {
  const paths: Record<string, string> = {
    'repo1-path': join(folder, 'repository'),
    'spool-path': join(folder, 'spool'),
    'log-path': join(folder, 'log'),
    'lock-path': join(folder, 'lock'),
    'pg1-path': dataDir,
    'pg1-port': String(port),
    'pg1-socket-path': folder,
  }
  const recipe = await readFile(join(RECIPE, 'pgbackrest.conf'), 'utf8')
  return recipe.replace(/^([a-z0-9-]+)=.*$/gm, (line, key: string) =>
    key in paths ? `${key}=${paths[key]}` : line
  )
}

export class ArchivingCluster {
  readonly dataDir: string
  readonly config: string
  readonly #servers = new Set<string>()

  private constructor(
    readonly folder: string,
    readonly port: number,
    readonly archiveTimeoutSeconds: number,
    private runAs: SystemUser | null
  ) {
    this.dataDir = join(folder, 'data')
    this.config = join(folder, 'pgbackrest.conf')
  }

  /**
   * initdb, the recipe's archiving, started, a database `database`, and the
   * stanza created and checked (`pgbackrest check` archives a segment).
   * `settings` are added after the recipe's (a test may shorten archive_timeout).
   */
  static async start(folder: string, database: string, settings: Record<string, string> = {}) {
    const runAs = process.getuid?.() === 0 ? await systemUser('postgres') : null
    await mkdir(folder, { recursive: true })
    for (const sub of ['repository', 'spool', 'log', 'lock']) {
      await mkdir(join(folder, sub), { recursive: true })
      if (runAs) await chown(join(folder, sub), runAs.uid, runAs.gids[0])
    }
    if (runAs) {
      await grantTraversal(folder, runAs)
      await chown(folder, runAs.uid, runAs.gids[0])
    }
    const archive = { ...(await recipeArchiveSettings()), ...settings }
    const cluster = new ArchivingCluster(
      folder,
      await freePort(),
      Number.parseInt(archive.archive_timeout),
      runAs
    )
    await writeFile(cluster.config, await scratchConfig(folder, cluster.dataDir, cluster.port))
    if (runAs) await chown(cluster.config, runAs.uid, runAs.gids[0])

    await cluster.as(
      'initdb',
      '-D',
      cluster.dataDir,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--no-sync'
    )
    await appendFile(
      join(cluster.dataDir, 'postgresql.conf'),
      [
        "listen_addresses = '127.0.0.1'",
        `port = ${cluster.port}`,
        `unix_socket_directories = '${folder}'`,
        'wal_level = replica',
        ...Object.entries(archive).map(
          ([name, value]) => `${name} = '${value.replaceAll("'", "''")}'`
        ),
        '',
      ].join('\n')
    )
    await cluster.startServer(cluster.dataDir)
    await cluster.query('postgres', `CREATE DATABASE ${database}`)
    await cluster.pgbackrest('stanza-create')
    await cluster.pgbackrest('check')
    return cluster
  }

  /** PostgreSQL's and pgBackRest's versions, e.g. for a drill's header. */
  async versions() {
    const [postgres, pgbackrest] = await Promise.all([
      this.as('postgres', '--version'),
      this.as('pgbackrest', 'version'),
    ])
    return {
      postgres: /\(PostgreSQL\) (\S+)/.exec(postgres.stdout)?.[1] ?? postgres.stdout.trim(),
      pgbackrest: pgbackrest.stdout.trim().split(' ').at(-1) ?? '',
    }
  }

  url(database: string, port = this.port) {
    return `postgres://postgres@127.0.0.1:${port}/${database}`
  }

  /** One statement on a connection of its own. */
  async query<Row extends pg.QueryResultRow>(
    database: string,
    text: string,
    values: unknown[] = [],
    port = this.port
  ) {
    const client = new pg.Client({
      connectionString: this.url(database, port),
      connectionTimeoutMillis: 5000,
    })
    await client.connect()
    try {
      const { rows } = await client.query<Row>(text, values)
      return rows
    } finally {
      await client.end()
    }
  }

  /** A pgBackRest command on the stanza, as postgres; its output. */
  async pgbackrest(...args: string[]) {
    const { stdout } = await this.as(
      'pgbackrest',
      `--config=${this.config}`,
      `--stanza=${STANZA}`,
      ...args
    )
    return stdout
  }

  /** A base backup now: `full` or `diff`, with an immediate checkpoint. */
  backup(type: 'full' | 'diff' | 'incr') {
    return this.pgbackrest(`--type=${type}`, '--start-fast', 'backup')
  }

  /**
   * ops/backup/restore.sh into `into` (a new folder), to `to` (time:…,
   * xid:…, name:…, lsn:… or latest), PostgreSQL started on `port`.
   */
  async restore(to: string, into: string, port: number, extra: string[] = []) {
    const { stdout } = await this.#run(join(RECIPE, 'restore.sh'), [
      '--to',
      to,
      '--into',
      into,
      '--port',
      String(port),
      '--config',
      this.config,
      ...extra,
    ])
    this.#servers.add(into)
    return stdout
  }

  async startServer(dataDir: string) {
    // The archive_command reads pgBackRest's configuration from the environment.
    await this.as(
      'pg_ctl',
      '-D',
      dataDir,
      '-l',
      join(dataDir, '..', `${dataDir.split('/').at(-1)}.log`),
      '-w',
      'start'
    )
    this.#servers.add(dataDir)
  }

  /** Stops a server: `immediate` is a crash, `fast` a clean stop. */
  async stopServer(dataDir: string, mode: 'immediate' | 'fast' = 'fast') {
    await this.as('pg_ctl', '-D', dataDir, '-m', mode, '-w', 'stop')
    this.#servers.delete(dataDir)
  }

  /** Every server stopped and, unless `keep`, the folder removed. */
  async stop(keep = false) {
    await Promise.allSettled([...this.#servers].map((dir) => this.stopServer(dir, 'immediate')))
    if (!keep) await rm(this.folder, { recursive: true, force: true })
  }

  /** A program of PostgreSQL's (or pgbackrest), as postgres when this process is root. */
  as(program: string, ...args: string[]) {
    const path = program === 'pgbackrest' ? program : join(POSTGRES_BIN, program)
    return this.#run(path, args, this.runAs)
  }

  async #run(path: string, args: string[], runAs: SystemUser | null = null) {
    try {
      return await exec(path, args, {
        cwd: this.folder,
        env: {
          PATH: process.env.PATH ?? '',
          LANG: 'C.UTF-8',
          PG_BIN: POSTGRES_BIN,
          PGBACKREST_CONFIG: this.config,
        },
        maxBuffer: 16 * 1024 * 1024,
        ...(runAs ? { uid: runAs.uid, gid: runAs.gids[0] } : {}),
      })
    } catch (error) {
      const { stderr = '', stdout = '' } = error as { stderr?: string; stdout?: string }
      throw new Error(`${path.split('/').at(-1)} ${args.join(' ')} failed:\n${stdout}${stderr}`, {
        cause: error,
      })
    }
  }
}
