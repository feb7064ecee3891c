import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { OpenApiChecker } from '#tests/helpers/openapi'
import { apiDescription } from '#api_docs/document'

const run = promisify(execFile)

export const ROOT = fileURLToPath(new URL('../../', import.meta.url))
export const PACKAGE_DIR = fileURLToPath(new URL('../../packages/api-client/', import.meta.url))
const TSC = fileURLToPath(new URL('../../node_modules/typescript/bin/tsc', import.meta.url))

/** Runs the TypeScript compiler on a project; rejects with its output when it reports errors. */
export async function compile(project: string) {
  try {
    await run(process.execPath, [TSC, '-p', project], { cwd: PACKAGE_DIR })
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string }
    throw new Error(`tsc -p ${project} failed:\n${stdout ?? ''}${stderr ?? ''}`)
  }
}

let built: Promise<typeof import('../../packages/api-client/src/index.js')> | undefined

/** The client package as shipped: compiled to dist/ once per run, then imported from there. */
export function builtClient() {
  built ??= compile('tsconfig.build.json').then(
    () => import(new URL('../../packages/api-client/dist/index.js', import.meta.url).href)
  )
  return built
}

/**
 * What a browser would do for the client in Node: a cookie jar (one per
 * "browser"), and every exchange checked against the OpenAPI document.
 */
export function browserFetch() {
  const checker = new OpenApiChecker(apiDescription())
  const jar = new Map<string, string>()
  const exchanges: { method: string; url: string; status: number }[] = []

  async function fetchWithSession(input: Request) {
    const request = input.clone()
    const requestText = await input.clone().text()
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ')
    if (cookie) request.headers.set('cookie', cookie)
    const response = await fetch(request)

    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';')
      const [name, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === ''
      if (expired) jar.delete(name)
      else jar.set(name, value)
    }

    const url = new URL(request.url)
    const text = await response.clone().text()
    const type = response.headers.get('content-type') ?? ''
    checker.check({
      method: request.method,
      url: `${url.pathname}${url.search}`,
      requestBody: requestText ? JSON.parse(requestText) : undefined,
      status: response.status,
      headers: Object.fromEntries(response.headers),
      body: type.includes('json') && text ? JSON.parse(text) : text,
    })
    exchanges.push({
      method: request.method,
      url: `${url.pathname}${url.search}`,
      status: response.status,
    })
    return response
  }

  return { fetch: fetchWithSession, jar, exchanges }
}

export const apiBaseUrl = () => `http://${process.env.HOST}:${process.env.PORT}`
