import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { appendFile, chown, mkdir, readdir, readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { randomUUID } from 'node:crypto'
import { promisify } from 'node:util'
import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { MigrationRunner } from '@adonisjs/lucid/migration'
import { freePort } from '#helpers/free_port'
import { grantTraversal, systemUser, type SystemUser } from '#helpers/folder_access'

const run = promisify(execFile)

/** Debian's PostgreSQL 15 (apt-get install postgresql-15): streaming replication needs its tools. */
export const POSTGRES_BIN = process.env.POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin'
export const hasPostgresBinaries = existsSync(join(POSTGRES_BIN, 'pg_basebackup'))

const DATABASE = 'events_api'

/**
 * A real primary and a real hot standby streaming from it (Debian's
 * PostgreSQL 15 binaries), under tmp/replication/ (git-ignored), with the
 * app's schema migrated on the primary before the standby is copied. As
 * root, the servers run as `postgres` (PostgreSQL refuses root). The
 * standby applies each commit `applyDelay` after it, so lag is visible.
 */
export class StreamingPair {
  #standbyRunning = true
  #hung = false

  private constructor(
    private folder: string,
    private runAs: SystemUser | null,
    readonly primaryPort: number,
    readonly standbyPort: number
  ) {}

  static async start({ applyDelay = '2s' } = {}) {
    const folder = app.tmpPath('replication', randomUUID())
    const runAs = process.getuid?.() === 0 ? await systemUser('postgres') : null
    await mkdir(folder, { recursive: true })
    if (runAs) {
      await grantTraversal(folder, runAs)
      await grantTraversal(POSTGRES_BIN, runAs)
      await chown(folder, runAs.uid, runAs.gids[0])
    }
    const pair = new StreamingPair(folder, runAs, await freePort(), await freePort())
    await pair.#startPrimary()
    await pair.#migrate()
    await pair.#copyStandby(applyDelay)
    await pair.#startStandby()
    await pair.waitForStandby()
    return pair
  }

  primaryUrl() {
    return `postgres://postgres@127.0.0.1:${this.primaryPort}/${DATABASE}`
  }

  standbyUrl(password?: string) {
    const credentials = password ? `postgres:${password}` : 'postgres'
    return `postgres://${credentials}@127.0.0.1:${this.standbyPort}/${DATABASE}`
  }

  /** One statement on the primary or the standby, on a connection of its own. */
  async query<Row extends pg.QueryResultRow>(
    on: 'primary' | 'standby',
    text: string,
    values: unknown[] = []
  ) {
    const client = new pg.Client({
      connectionString: on === 'primary' ? this.primaryUrl() : this.standbyUrl(),
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

  /**
   * Until the standby has replayed everything the primary has flushed now
   * (every acknowledged commit). Not the insert position: on an idle
   * primary just after a WAL switch it lies past the new segment's page
   * header, which no record fills and no flush sends until the next write.
   */
  async waitForStandby() {
    const [{ position }] = await this.query<{ position: string }>(
      'primary',
      'SELECT pg_current_wal_flush_lsn()::text AS position'
    )
    for (let attempt = 0; attempt < 200; attempt++) {
      const rows = await this.query<{ caught_up: boolean }>(
        'standby',
        'SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS caught_up',
        [position]
      ).catch(() => [])
      if (rows[0]?.caught_up) return
      await sleep(100)
    }
    throw new Error(`the standby did not catch up:\n${await this.#log('standby')}`)
  }

  pauseReplay() {
    return this.query('standby', 'SELECT pg_wal_replay_pause()')
  }

  resumeReplay() {
    return this.query('standby', 'SELECT pg_wal_replay_resume()')
  }

  /** Stops the standby at once (as a crash would). */
  async stopStandby() {
    await this.#pgCtl('stop', '-D', this.#data('standby'), '-m', 'immediate')
    this.#standbyRunning = false
  }

  async restartStandby() {
    await this.#startStandby()
    this.#standbyRunning = true
  }

  /**
   * Freezes the standby: its postmaster, then every process it started
   * (each backend leads a process group of its own, so one by one).
   */
  async hangStandby() {
    for (const pid of await this.#processesOf('standby')) process.kill(pid, 'SIGSTOP')
    this.#hung = true
  }

  async thawStandby() {
    for (const pid of await this.#processesOf('standby')) process.kill(pid, 'SIGCONT')
    this.#hung = false
  }

  /** Stops both servers and removes their data. */
  async stop() {
    if (this.#hung) await this.thawStandby().catch(() => {})
    const stops = [this.#pgCtl('stop', '-D', this.#data('primary'), '-m', 'immediate')]
    if (this.#standbyRunning) {
      stops.push(this.#pgCtl('stop', '-D', this.#data('standby'), '-m', 'immediate'))
    }
    await Promise.allSettled(stops)
    await rm(this.folder, { recursive: true, force: true })
  }

  #data(server: 'primary' | 'standby') {
    return join(this.folder, server)
  }

  async #startPrimary() {
    await this.#as(
      'initdb',
      '-D',
      this.#data('primary'),
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--no-sync'
    )
    // initdb's pg_hba.conf already trusts local replication connections.
    await appendFile(
      join(this.#data('primary'), 'postgresql.conf'),
      [
        "listen_addresses = '127.0.0.1'",
        `port = ${this.primaryPort}`,
        "unix_socket_directories = ''",
        'wal_level = replica',
        'max_wal_senders = 4',
        "wal_keep_size = '256MB'",
        'hot_standby = on',
        'fsync = off',
        '',
      ].join('\n')
    )
    await this.#pgCtl('start', '-w', '-D', this.#data('primary'), '-l', this.#logFile('primary'))
    const admin = new pg.Client({
      connectionString: `postgres://postgres@127.0.0.1:${this.primaryPort}/postgres`,
    })
    await admin.connect()
    await admin.query(`CREATE DATABASE ${DATABASE}`)
    await admin.end()
  }

  /** The app's migrations, run by this process through a connection of its own. */
  async #migrate() {
    const name = `replication_${this.primaryPort}`
    db.manager.add(name, {
      client: 'pg',
      connection: { connectionString: this.primaryUrl() },
      migrations: { naturalSort: true, paths: ['database/migrations'] },
    })
    try {
      const migrator = new MigrationRunner(db, app, { direction: 'up', connectionName: name })
      await migrator.run()
      if (migrator.error) throw migrator.error
    } finally {
      await db.manager.close(name, true)
    }
  }

  async #copyStandby(applyDelay: string) {
    await this.#as(
      'pg_basebackup',
      '-h',
      '127.0.0.1',
      '-p',
      String(this.primaryPort),
      '-U',
      'postgres',
      '-D',
      this.#data('standby'),
      '-R',
      '-X',
      'stream',
      // An immediate checkpoint: the default spreads it over minutes after the migrations.
      '--checkpoint=fast',
      '--no-sync'
    )
    // Settings after the primary's copied postgresql.conf win.
    await appendFile(
      join(this.#data('standby'), 'postgresql.auto.conf'),
      `port = ${this.standbyPort}\nrecovery_min_apply_delay = '${applyDelay}'\n`
    )
  }

  #startStandby() {
    return this.#pgCtl('start', '-w', '-D', this.#data('standby'), '-l', this.#logFile('standby'))
  }

  #logFile(server: 'primary' | 'standby') {
    return join(this.folder, `${server}.log`)
  }

  #log(server: 'primary' | 'standby') {
    return readFile(this.#logFile(server), 'utf8').catch(() => '')
  }

  async #postmasterPid(server: 'primary' | 'standby') {
    const pidFile = await readFile(join(this.#data(server), 'postmaster.pid'), 'utf8')
    return Number(pidFile.split('\n')[0])
  }

  /** The postmaster's pid, then its children's (from /proc). */
  async #processesOf(server: 'primary' | 'standby') {
    const postmaster = await this.#postmasterPid(server)
    const children: number[] = []
    for (const entry of await readdir('/proc')) {
      if (!/^\d+$/.test(entry)) continue
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '')
      // pid (comm) state ppid …: comm may hold spaces, so read after its closing parenthesis.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      if (ppid === postmaster) children.push(Number(entry))
    }
    return [postmaster, ...children]
  }

  #pgCtl(...args: string[]) {
    return this.#as('pg_ctl', ...args)
  }

  /** A PostgreSQL program, as `postgres` when this process is root. */
  async #as(program: string, ...args: string[]) {
    try {
      return await run(join(POSTGRES_BIN, program), args, {
        cwd: this.folder,
        env: { PATH: process.env.PATH ?? '', LANG: 'C.UTF-8' },
        ...(this.runAs ? { uid: this.runAs.uid, gid: this.runAs.gids[0] } : {}),
      })
    } catch (error) {
      const { stderr = '' } = error as { stderr?: string }
      throw new Error(`${program} failed: ${stderr}\n${await this.#log('primary')}`, {
        cause: error,
      })
    }
  }
}
