import { createChallenge, solveChallenge, type Challenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2'
import type { AppProcess } from '#tests/helpers/app_process'

/** The key the test instances sign their challenges with (NEWSLETTER_ALTCHA_HMAC_KEY). */
export const ALTCHA_KEY = 'test-altcha-key-of-at-least-32-characters'

/**
 * The environment of an instance with the proof of work on, at a cost the
 * tests solve in milliseconds (one PBKDF2 iteration, at most 16 attempts).
 */
export const ALTCHA_ENV = {
  NEWSLETTER_CAPTCHA: 'altcha',
  NEWSLETTER_ALTCHA_HMAC_KEY: ALTCHA_KEY,
  NEWSLETTER_ALTCHA_COST: '1',
  NEWSLETTER_ALTCHA_MAX_COUNTER: '16',
}

/** The widget's payload for a solved `challenge`: base64 of `{ challenge, solution }`. */
export async function solve(challenge: Challenge) {
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 10_000 })
  if (!solution) throw new Error('the challenge was not solved')
  const payload = {
    challenge: { parameters: challenge.parameters, signature: challenge.signature },
    solution,
  }
  return Buffer.from(JSON.stringify(payload)).toString('base64')
}

/** A challenge of the instance, as the widget fetches it. */
export async function challengeOf(api: AppProcess): Promise<Challenge> {
  const response = await api.fetch('/newsletter/challenge')
  if (response.status !== 200) throw new Error(`GET /newsletter/challenge: ${response.status}`)
  return response.json() as Promise<Challenge>
}

/** A solution of a fresh challenge of the instance, as the widget sends it. */
export async function solvedBy(api: AppProcess) {
  return solve(await challengeOf(api))
}

/**
 * A challenge signed with `key` (the widget's non-deterministic mode: any
 * counter whose key starts with `00`), expiring at `expiresAt` (seconds).
 */
export function signedChallenge(key: string, expiresAt: number) {
  return createChallenge({
    algorithm: 'PBKDF2/SHA-256',
    cost: 1,
    deriveKey,
    expiresAt,
    hmacSignatureSecret: key,
  })
}
