import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import { errors } from '@adonisjs/lucid'
import type { Infer } from '@vinejs/vine/types'
import Event from '#models/event'
import PreconditionFailedException from '#exceptions/precondition_failed_exception'
import { namesVersion } from '#services/events/entity_tags'
import { issueCursor, readCursor } from '#helpers/keyset'
import { invalidCursor } from '#exceptions/validation_error_reporter'
import { eventFromRow, type Row } from '#services/events/event_rows'
import { answerOf, given, mergeAddress, orCreateFailed } from '#services/events/event_changes'
import {
  CREATE_EVENT,
  CREATE_EVENT_IN_TRANSACTION,
  DELETE_EVENT,
  FIND_AS_MEMBER,
  WRITE_EVENT,
  addressValues,
} from '#services/events/event_statements'
import { LIST_SCAN_BUDGET, pageStatement } from '#services/events/event_page_statement'
import type { AddressRecord, EventRecord } from '#types/event'
import type { RawQueryBindings } from '@adonisjs/lucid/types/querybuilder'
import { runPrepared } from '#helpers/prepared_statement'
import type { MembershipGate } from '#helpers/denials'
import { ApiSerializer } from '#helpers/api_serializer'
import IdempotencyService, {
  type IdempotencyScope,
  type IdempotentAnswer,
} from '#services/platform/idempotency_service'
import AuditLog from '#services/organizations/audit_log'
import UuidV7Pool from '#services/platform/uuid_v7_pool'
import ReadRouting, { type ReadOptions } from '#services/platform/replicas/read_routing'
import {
  assertOrderedRanges,
  assertValidAddress,
  type createEventValidator,
  type listEventsValidator,
  type updateEventValidator,
} from '#validators/event'

type CreateEventInput = Omit<Infer<typeof createEventValidator>, 'params'>
type ListEventsQuery = Omit<Infer<typeof listEventsValidator>, 'params'>
type UpdateEventInput = Omit<Infer<typeof updateEventValidator>, 'params'>

/**
 * What `find` read: the caller's membership (null for a non-member, whose
 * row then holds no event, whether or not it exists), the event (null if
 * the organization has none by that id) and its row version. EventPolicy
 * decides from it.
 */
export type FoundEvent = {
  membership: MembershipGate | null
  event: EventRecord | null
  version: string
  reload: () => Promise<FoundEvent>
}

/** An event as written, with the row version its ETag is made of. */
export type VersionedEvent = { event: EventRecord; version: string }

/** A create with an Idempotency-Key: who retries, their key and what they asked (fingerprintOf). */
export type CreateIdempotency = Omit<IdempotencyScope, 'organizationId'>

/** The purpose of the event list's cursors (helpers/keyset.ts), bound to organization and sort. */
const CURSOR_PURPOSE = 'events-list-cursor'

@inject()
export default class EventService {
  /** Index entries a page of the list walks at most (a test lowers it). */
  listScanBudget = LIST_SCAN_BUDGET

  constructor(
    private routing: ReadRouting,
    private idempotency: IdempotencyService,
    private serializer: ApiSerializer,
    private ids: UuidV7Pool
  ) {}

  /**
   * Creates an event and its address in one statement, and gives the
   * answer: 201 with the event and its ETag. With `idempotency` (contract,
   * "Safe retries"), the answer is recorded in the creating transaction and
   * a retry gets the first answer again (IdempotencyService: the same key
   * with another body is a 422, one still running a 409).
   * `organizationId` comes from the path only. Unexpected failures become
   * the spec's "Failed to create event".
   */
  async create(
    organizationId: string,
    input: CreateEventInput,
    idempotency?: CreateIdempotency
  ): Promise<IdempotentAnswer> {
    if (input.address) assertValidAddress(input.address)

    const now = new Date()
    const { address } = input
    const values = [
      this.ids.next(),
      organizationId,
      input.name,
      input.description ?? null,
      input.targetDate?.toJSDate() ?? null,
      input.status ?? 'BACKLOG',
      input.eventType ?? 'ONE_OFF',
      JSON.stringify(assertOrderedRanges(Event.mergeMetadata({}, input.metadata ?? {}))),
      now,
      now,
      ...addressValues(address),
      address !== undefined,
    ]
    // One statement is atomic by itself (prepared, as every statement of the hot path);
    // a transaction only when the idempotency record goes with it.
    if (!idempotency) {
      const { rows } = await orCreateFailed(() => runPrepared('create_event', CREATE_EVENT, values))
      return answerOf(this.serializer, rows[0])
    }
    return this.idempotency.once({ ...idempotency, organizationId }, (record) =>
      orCreateFailed(() =>
        db.transaction(async (trx) => {
          // Lucid's binding type leaves out null, which knex binds as NULL.
          const { rows } = await trx.rawQuery(
            CREATE_EVENT_IN_TRANSACTION,
            values as RawQueryBindings
          )
          const answer = await answerOf(this.serializer, rows[0])
          await record(trx, answer)
          return answer
        })
      )
    )
  }

  /**
   * Applies a partial update to the event `find` found, in one
   * statement and no transaction: the row is rewritten only while it is the
   * version that was read (PostgreSQL's xmin); otherwise it is read again and
   * the changes applied anew, so concurrent PATCHes each merge into what the
   * previous one left. With `ifMatch` (the If-Match header) the changes
   * apply only to a version it names: the check is the write's own WHERE,
   * so of two PATCHes naming one version, one wins and the other is a 412.
   * `found` is what EventPolicy allowed; read again after a lost race, an
   * event gone since (or the caller's membership, which hides it) is a 404.
   */
  async update(
    found: FoundEvent,
    changes: UpdateEventInput,
    ifMatch?: string
  ): Promise<VersionedEvent> {
    for (let current = found; ; current = await current.reload()) {
      if (!current.event) throw new errors.E_ROW_NOT_FOUND()
      if (ifMatch !== undefined && !namesVersion(ifMatch, current.version, 'strong')) {
        throw new PreconditionFailedException()
      }
      const { metadata, address, targetDate, ...fields } = changes
      // An address-only change is a change of the event too.
      const event: EventRecord = { ...current.event, ...given(fields), updatedAt: new Date() }
      if (targetDate !== undefined) event.targetDate = targetDate?.toJSDate() ?? null
      if (metadata)
        event.metadata = assertOrderedRanges(Event.mergeMetadata(event.metadata, metadata))
      const changedAddress = address ? mergeAddress(event, address) : null
      const version = await this.#write(event, changedAddress, current.version)
      if (version) {
        if (changedAddress) event.address = changedAddress
        return { event, version }
      }
    }
  }

  /**
   * The event, read with the caller's membership and the organization's
   * two-factor requirement in one statement (one round trip): EventPolicy
   * decides from it whether the caller may see, change or delete it.
   * A non-member's row holds no event, whether or not it exists.
   * On the primary (a PATCH's version check, a DELETE) unless `options`
   * allow a replica.
   */
  async find(
    userId: string,
    organizationId: string,
    eventId: string,
    options: ReadOptions = {}
  ): Promise<FoundEvent> {
    const { rows } = await this.routing.read(options, (connection) =>
      runPrepared(
        'find_event_as_member',
        FIND_AS_MEMBER,
        [organizationId, userId, eventId],
        connection
      )
    )
    const row = rows[0]
    return {
      membership: row.is_member ? { requireTwoFactor: row.require_two_factor } : null,
      event: eventFromRow(row),
      version: row.row_version as string,
      reload: () => this.find(userId, organizationId, eventId, options),
    }
  }

  /**
   * One page of an organization's events (keyset pagination), in one
   * statement (event_page_statement.ts): the events after the cursor in the
   * sort order. The cursor is the last returned event's sort key and id
   * when the page is full and more may follow; when the walk ran out of
   * its budget first, the page holds fewer events (even none) and the
   * cursor is where the walk stopped. Null only once the walk reached the
   * end of the list.
   */
  async list(organizationId: string, query: ListEventsQuery, options: ReadOptions = {}) {
    const sort = query.sort ?? '-createdAt'
    const limit = query.limit ?? 20
    const budget = this.listScanBudget
    const { name, text, values } = pageStatement({
      organizationId,
      sort,
      limit,
      budget,
      status: query.status,
      eventType: query.eventType,
      targetDateFrom: query.targetDateFrom?.toJSDate(),
      targetDateTo: query.targetDateTo?.toJSDate(),
      after: query.cursor
        ? (readCursor(CURSOR_PURPOSE, query.cursor, { organizationId, sort }) ?? invalidCursor())
        : undefined,
    })
    const { rows } = await this.routing.read(options, (connection) =>
      runPrepared<Row>(name, text, values, connection)
    )
    const hits = rows.filter((row) => row.hit)
    const page = hits.slice(0, limit)
    // The rows come in the walk's order: the entry where a walk out of budget stopped is last.
    const stoppedAt = hits.length > limit ? page.at(-1) : rows.find((row) => row.n === budget)
    const nextCursor = stoppedAt
      ? issueCursor(
          CURSOR_PURPOSE,
          { organizationId, sort },
          { key: stoppedAt.sort_key, id: stoppedAt.id }
        )
      : null
    const events = page.map((row) => eventFromRow(row)!)
    return { events, nextCursor }
  }

  /**
   * Deletes an event of the organization (its address goes with it) with
   * its `event.deleted` audit entry, in one transaction; 404 when the
   * organization no longer has it (deleted since EventPolicy was asked).
   */
  async delete(actorId: string, organizationId: string, eventId: string) {
    await db.transaction(async (trx) => {
      const { rows } = await trx.rawQuery(DELETE_EVENT, [organizationId, eventId])
      if (rows.length === 0) throw new errors.E_ROW_NOT_FOUND()
      await AuditLog.record(trx, {
        organizationId,
        action: 'event.deleted',
        actorId,
        target: { type: 'event', id: eventId },
        details: { name: rows[0].name },
      })
    })
  }

  /**
   * One statement: the event if still at `version`, and then the address.
   * The new version, or null on a lost race.
   */
  async #write(
    event: EventRecord,
    address: AddressRecord | null,
    version: string
  ): Promise<string | null> {
    const { rows } = await runPrepared('write_event', WRITE_EVENT, [
      event.name,
      event.description,
      event.targetDate,
      event.status,
      event.eventType,
      JSON.stringify(event.metadata),
      event.updatedAt,
      event.id,
      version,
      ...addressValues(address),
      address?.createdAt ?? null,
      address?.updatedAt ?? null,
      address !== null,
    ])
    return rows[0].version ?? null
  }
}
