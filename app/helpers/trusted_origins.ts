/**
 * CORS_ORIGINS: comma-separated origins (`scheme://host[:port]`), each
 * compared exactly with a browser's `Origin` header, so each must be an
 * origin and nothing more: no path, no wildcard. Returns them normalised
 * (lower-case host, default port dropped), as browsers send them.
 */
export function parseTrustedOrigins(name: string, value?: string): string[] {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  return entries.map((entry) => {
    const url = /^https?:\/\/[^/?#@*\s\\]+$/i.test(entry) ? safeUrl(entry) : null
    if (!url || !url.hostname) {
      throw new Error(
        `Invalid env variable "${name}": "${entry}" is not an origin (scheme://host[:port], no path, no wildcard)`
      )
    }
    return url.origin
  })
}

function safeUrl(value: string) {
  try {
    return new URL(value)
  } catch {
    return null
  }
}
