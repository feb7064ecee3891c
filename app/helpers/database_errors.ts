/** PostgreSQL's SQLSTATE for a unique constraint that said no. */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === '23505'
}

/**
 * An error that is the client's to fix (a 4xx the app raised on purpose,
 * e.g. validation), as opposed to a failure of the service.
 */
export function isClientError(error: unknown): boolean {
  const status = (error as { status?: number } | null)?.status
  return typeof status === 'number' && status >= 400 && status < 500
}

/** SQLSTATE class 22: a value PostgreSQL cannot store (bad encoding, out of range, ...). */
export function isInvalidData(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' && code.startsWith('22')
}

/**
 * PostgreSQL cancelled the statement (57014 query_canceled): it ran past
 * `statement_timeout` (DB_STATEMENT_TIMEOUT_MS). The connection stays
 * usable; the request that ran it answers 503.
 */
export function isStatementTimeout(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '57014'
}
