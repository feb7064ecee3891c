/** PostgreSQL's SQLSTATE for a unique constraint that said no. */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === '23505'
}
