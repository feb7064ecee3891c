import ServiceUnavailableException from '#exceptions/service_unavailable_exception'

/**
 * The organization already uses its whole share of the database pool and
 * no place freed within the wait (app/services/platform/organization_lanes.ts):
 * the same 503 as an outage, logged as what it is.
 */
export default class OrganizationBusyException extends ServiceUnavailableException {}
