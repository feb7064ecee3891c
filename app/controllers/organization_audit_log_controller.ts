import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import OrganizationPolicy from '#policies/organization_policy'
import AuditLog from '#services/organizations/audit_log'
import type { AuditEntry } from '#types/organization'
import AuditEntryTransformer from '#transformers/audit_entry_transformer'
import { auditLogValidator, organizationValidator } from '#validators/organization'

@inject()
export default class OrganizationAuditLogController {
  constructor(private auditLog: AuditLog) {}

  /**
   * Newest first, keyset-paginated like the event list: owners and admins.
   * A read replica fresh enough for the caller may answer.
   */
  async index({ request, auth, bouncer, serialize }: HttpContext) {
    const { params } = await request.validateUsing(organizationValidator)
    await bouncer.with(OrganizationPolicy).authorize('viewAuditLog', params.organizationId)
    const query = await request.validateUsing(auditLogValidator)
    const page = await this.auditLog.page(params.organizationId, query, {
      replicaFor: auth.getUserOrFail(),
    })
    const entries: AuditEntry[] = page.entries
    const { data } = await serialize(AuditEntryTransformer.transform(entries))
    return { data, meta: { nextCursor: page.nextCursor } }
  }
}
