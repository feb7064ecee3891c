/**
 * A form submission awaiting its confirmation (double opt-in), kept on the
 * contact until it is confirmed and then moved into the consent record.
 * `at` is an ISO 8601 instant.
 */
export type ConfirmationRequest = {
  at: string
  ip: string
  userAgent: string | null
  origin: string | null
  referer: string | null
  locale: string
}
