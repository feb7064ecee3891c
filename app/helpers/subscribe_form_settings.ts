/*
 * The variables of the subscribe form's protections (contract, "The public
 * subscribe form under attack"), checked at boot: a bad value stops the
 * server with a message naming it (start/env.ts).
 */

export type SubscribeLimit = { requests: number; duration: string }

const LIMIT = /^(\d+)\s*\/\s*(?:(\d+)\s*)?(minute|hour|day)s?$/i

/**
 * NEWSLETTER_ADDRESS_LIMIT, NEWSLETTER_DOMAIN_LIMIT: `<requests>/<period>`,
 * e.g. `3/day`, `200/hour`, `20/10 minutes`. Unset or empty: no limit.
 */
export function parseSubscribeLimit(name: string, value?: string): SubscribeLimit | undefined {
  if (value === undefined || value.trim() === '') return undefined
  const match = LIMIT.exec(value.trim())
  const requests = Number(match?.[1])
  const periods = Number(match?.[2] ?? 1)
  if (!match || requests < 1 || periods < 1) {
    throw new Error(
      `Invalid env variable "${name}": "${value}" is not a limit such as 3/day, 200/hour or 20/10 minutes`
    )
  }
  const unit = match[3].toLowerCase()
  return { requests, duration: `${periods} ${unit}${periods > 1 ? 's' : ''}` }
}

/** Body members the subscribe route reads itself: a trap of that name would catch everyone. */
const READ_FIELDS = new Set(['email', 'altcha'])

/**
 * NEWSLETTER_HONEYPOT_FIELD: the name of a form field people never fill
 * (a letter, then letters, digits, `_`, `-` or `.`; at most 64), never
 * `email` or `altcha`. Unset or empty: no honeypot.
 */
export function parseHoneypotField(name: string, value?: string): string | undefined {
  if (value === undefined || value.trim() === '') return undefined
  const field = value.trim()
  if (!/^[A-Za-z][\w.-]{0,63}$/.test(field) || READ_FIELDS.has(field.toLowerCase())) {
    throw new Error(
      `Invalid env variable "${name}": "${value}" is not a field name for the trap (letters, digits, _ - . ; not email or altcha)`
    )
  }
  return field
}
