import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import app from '@adonisjs/core/services/app'

/** A free loopback port. */
function freePort() {
  return new Promise<number>((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

/** The test database, as a DATABASE_URL another process can use. */
function testDatabaseUrl() {
  const { host, port, user, password, database } = app.config.get<{
    host: string
    port: number
    user: string
    password?: string
    database: string
  }>('database.connections.postgres.connection')
  const credentials = password ? `${user}:${encodeURIComponent(password)}` : user
  return `postgres://${credentials}@${host}:${port}/${database}`
}

/**
 * Boots the real server (bin/server.ts) in another process, in the given
 * environment, on the test database; resolves once it logged that it
 * listens. `lines` is what it wrote on stdout.
 */
export async function startAppProcess(nodeEnv: 'production' | 'development') {
  const port = await freePort()
  const child = spawn(process.execPath, ['--import=@poppinss/ts-exec', 'bin/server.ts'], {
    cwd: fileURLToPath(app.appRoot),
    env: {
      ...process.env,
      NODE_ENV: nodeEnv,
      APP_KEY: randomBytes(32).toString('base64url'),
      DATABASE_URL: testDatabaseUrl(),
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const lines: string[] = []
  let errors = ''
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()))

  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start in 30 s: ${errors}`)), 30_000)
    child.once('exit', (code) => reject(new Error(`exited with ${code}: ${errors}`)))
    let pending = ''
    child.stdout.on('data', (chunk: Buffer) => {
      pending += chunk.toString()
      const complete = pending.split('\n')
      pending = complete.pop() ?? ''
      lines.push(...complete)
      if (complete.some((line) => line.includes('started HTTP server'))) {
        clearTimeout(timer)
        resolve()
      }
    })
  })

  return {
    url: `http://127.0.0.1:${port}`,
    lines,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    },
  }
}
