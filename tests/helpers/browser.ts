import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { once } from 'node:events'
import type { BrowserContext } from 'playwright-core'

/** Debian's Chromium: the tests never download a browser. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const hasChromium = existsSync(CHROMIUM)

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** Headless Chromium with a fresh profile; `close()` ends it and removes the profile. */
export async function launchChromium() {
  const { chromium } = await import('playwright-core')
  const profile = await mkdtemp(join(tmpdir(), 'chromium-profile-'))
  const context: BrowserContext = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
  })
  return {
    context,
    async close() {
      await context.close()
      await rm(profile, { recursive: true, force: true })
    },
  }
}

/** A web site on a loopback port: each path answers the HTML given for it. */
export async function servePages(host: '127.0.0.1' | 'localhost', pages: Record<string, string>) {
  const server: Server = createServer((request, response) => {
    const html = pages[new URL(request.url ?? '/', 'http://x').pathname]
    response.writeHead(html === undefined ? 404 : 200, { 'content-type': 'text/html' })
    response.end(html ?? 'not found')
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as { port: number }
  return {
    origin: `http://${host}:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** A file of a site served by `serveFiles`: its media type and content. */
export type SiteFile = { type: string; body: string | Buffer }

/** A web site on a loopback port with pages and scripts: each path answers its file. */
export async function serveFiles(host: '127.0.0.1' | 'localhost', files: Record<string, SiteFile>) {
  const server: Server = createServer((request, response) => {
    const file = files[new URL(request.url ?? '/', 'http://x').pathname]
    response.writeHead(file ? 200 : 404, { 'content-type': file?.type ?? 'text/plain' })
    response.end(file?.body ?? 'not found')
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as { port: number }
  return {
    origin: `http://${host}:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
