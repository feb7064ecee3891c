const UNIT_MS = { d: 86_400_000, h: 3_600_000, m: 60_000, s: 1000 } as const

/**
 * A duration as operators write it: `7d`, `12h`, `30m`, `45s`, or a bare
 * number of seconds (`3600`). Milliseconds; a value that is not one of
 * these, or is zero, throws with the variable named.
 */
export function parseDuration(name: string, value?: string): number | undefined {
  if (value === undefined || value.trim() === '') return undefined
  const match = /^(\d+)\s*([dhms]?)$/i.exec(value.trim())
  const amount = match ? Number(match[1]) : 0
  if (!match || amount === 0) {
    throw new Error(
      `Invalid env variable "${name}": "${value}" is not a duration (e.g. 7d, 12h, 30m, 45s, or seconds)`
    )
  }
  const unit = (match[2] || 's').toLowerCase() as keyof typeof UNIT_MS
  return amount * UNIT_MS[unit]
}
