import { FACTORY_PASSWORD } from '#database/factories/user_factory'

/**
 * Request bodies the tests send again and again, each valid as built: a
 * test overrides only the members its case is about.
 */

/** POST /auth/signup (and, without `fullName`, POST /auth/login for that account): Ann's. */
export function signupBody(
  overrides: { email?: string; password?: string; fullName?: string } = {}
) {
  return { email: 'ann@example.com', password: 'correct horse', ...overrides }
}

/** POST /auth/login for a factory user, whose password is the factory's. */
export function loginBody(user: { email: string }, overrides: { password?: string } = {}) {
  return { email: user.email, password: FACTORY_PASSWORD, ...overrides }
}

/** POST .../events: an event with an address (so both rows are written), Canadian and valid. */
export function eventBody(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Gala',
    address: { city: 'Ottawa', country: 'CA', postalCode: 'K1A 0B1' },
    ...overrides,
  }
}
