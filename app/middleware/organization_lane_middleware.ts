import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import OrganizationLanes from '#services/platform/organization_lanes'

/**
 * The routes of one organization (`/organizations/:organizationId/...`)
 * run in that organization's lane: at most its share of the database pool
 * at once, the rest waiting briefly in line (contract, "Data that grows").
 * Routes without an organization pass straight through.
 */
@inject()
export default class OrganizationLaneMiddleware {
  constructor(private lanes: OrganizationLanes) {}

  async handle(ctx: HttpContext, next: NextFn) {
    const organizationId = ctx.params.organizationId
    if (typeof organizationId !== 'string') return next()
    // One lane per organization however its id is spelled (UUIDs are case-blind).
    const leave = await this.lanes.enter(organizationId.toLowerCase())
    try {
      return await next()
    } finally {
      leave()
    }
  }
}
