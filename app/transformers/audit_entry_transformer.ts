import type { AuditEntry } from '#types/organization'
import { BaseTransformer } from '@adonisjs/core/transformers'

/** An audit-log entry (contract, Roles inside an organization). */
export default class AuditEntryTransformer extends BaseTransformer<AuditEntry> {
  toObject() {
    return {
      id: this.resource.id,
      action: this.resource.action,
      occurredAt: this.resource.occurredAt.toISOString(),
      actor: this.resource.actor,
      target: this.resource.target,
      details: this.resource.details,
    }
  }
}
