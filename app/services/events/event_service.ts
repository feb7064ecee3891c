import { inject } from '@adonisjs/core'
import { v7 as uuidv7 } from 'uuid'
import db from '@adonisjs/lucid/services/db'
import { errors } from '@adonisjs/lucid'
import { errors as authorizationErrors } from '@adonisjs/bouncer'
import type { Infer } from '@vinejs/vine/types'
import Event from '#models/event'
import InternalException from '#exceptions/internal_exception'
import { isClientError, isInvalidData, isStatementTimeout } from '#helpers/database_errors'
import { isDependencyUnavailable } from '#helpers/dependency_errors'
import PreconditionFailedException from '#exceptions/precondition_failed_exception'
import { namesVersion } from '#services/events/entity_tags'
import { issueCursor, readCursor } from '#services/events/event_cursor'
import { eventFromRow, type Row } from '#services/events/event_rows'
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
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { runPrepared } from '#helpers/prepared_statement'
import { memberDenial } from '#helpers/denials'
import AuditLog from '#services/organizations/audit_log'
import ReadRouting, { type ReadOptions } from '#services/platform/replicas/read_routing'
import {
  assertOrderedRanges,
  assertValidAddress,
  type createEventValidator,
  type listEventsValidator,
  type updateEventValidator,
} from '#validators/event'
import { message } from '#exceptions/api_exception'

type CreateEventInput = Omit<Infer<typeof createEventValidator>, 'params'>
type ListEventsQuery = Omit<Infer<typeof listEventsValidator>, 'params'>
type UpdateEventInput = Omit<Infer<typeof updateEventValidator>, 'params'>
type AddressInput = NonNullable<UpdateEventInput['address']>

/** What `findForMember` found: the event (null if none) and its row version. */
export type FoundEvent = {
  event: EventRecord | null
  version: string
  reload: () => Promise<FoundEvent>
}

/** An event as written, with the row version its ETag is made of. */
export type VersionedEvent = { event: EventRecord; version: string }

/** Runs inside the creating transaction, once the event is written (e.g. an idempotency record). */
export type AfterCreate = (trx: TransactionClientContract, created: VersionedEvent) => Promise<void>

/** The members of `changes` that were given (undefined = not given; null clears). */
function given<T extends object>(changes: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(changes).filter(([, value]) => value !== undefined)
  ) as Partial<T>
}

@inject()
export default class EventService {
  /**
   * Creates an event and its address in one statement (in a transaction
   * with what `afterCreate` writes, when given). `organizationId`
   * comes from the path only. Unexpected failures become the spec's
   * "Failed to create event".
   */
  async create(
    organizationId: string,
    input: CreateEventInput,
    afterCreate?: AfterCreate
  ): Promise<VersionedEvent> {
    if (input.address) assertValidAddress(input.address)

    const now = new Date()
    const { address } = input
    const values = [
      uuidv7(),
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
    const versioned = (row: Row) => ({
      event: eventFromRow(row)!,
      version: row.row_version as string,
    })
    try {
      // One statement is atomic by itself (prepared, as every statement of the hot path);
      // a transaction only when more must go with it.
      if (!afterCreate) {
        const { rows } = await runPrepared('create_event', CREATE_EVENT, values)
        return versioned(rows[0])
      }
      return await db.transaction(async (trx) => {
        // Lucid's binding type leaves out null, which knex binds as NULL.
        const { rows } = await trx.rawQuery(CREATE_EVENT_IN_TRANSACTION, values as RawQueryBindings)
        const created = versioned(rows[0])
        await afterCreate(trx, created)
        return created
      })
    } catch (error) {
      // An outage or a statement past its time is a 503 the client may retry, not the spec's 500.
      if (
        isClientError(error) ||
        isInvalidData(error) ||
        isDependencyUnavailable(error) ||
        isStatementTimeout(error)
      )
        throw error
      throw new InternalException(message('errors.events.create_failed'), { cause: error })
    }
  }

  /**
   * Applies a partial update to the event `findForMember` found, in one
   * statement and no transaction: the row is rewritten only while it is the
   * version that was read (PostgreSQL's xmin); otherwise it is read again and
   * the changes applied anew, so concurrent PATCHes each merge into what the
   * previous one left. With `ifMatch` (the If-Match header) the changes
   * apply only to a version it names: the check is the write's own WHERE,
   * so of two PATCHes naming one version, one wins and the other is a 412.
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
      const changedAddress = address ? this.#mergeAddress(event, address) : null
      const version = await this.#write(event, changedAddress, current.version)
      if (version) {
        if (changedAddress) event.address = changedAddress
        return { event, version }
      }
    }
  }

  /**
   * The event, read with the caller's membership and the organization's
   * two-factor requirement in one statement: on GET and PATCH this service,
   * not a policy, owns the membership answer (no second query), decided by
   * memberDenial as the policies do. A non-member is refused with 403
   * whether or not the event exists; a member asking for a missing event
   * gets `event: null`. `user`: the signed-in account, as read with the session.
   * On the primary (a PATCH's version check) unless `options` allow a replica.
   */
  async findForMember(
    user: { id: string; twoFactorEnabled: boolean },
    organizationId: string,
    eventId: string,
    options: ReadOptions = {}
  ): Promise<FoundEvent> {
    const { rows } = await this.routing.read(options, (connection) =>
      runPrepared(
        'find_event_as_member',
        FIND_AS_MEMBER,
        [organizationId, user.id, eventId],
        connection
      )
    )
    const row = rows[0]
    const denial = memberDenial(
      user,
      row.is_member ? { requireTwoFactor: row.require_two_factor } : null
    )
    if (denial) throw new authorizationErrors.E_AUTHORIZATION_FAILURE(denial)
    return {
      event: eventFromRow(row),
      version: row.row_version as string,
      reload: () => this.findForMember(user, organizationId, eventId, options),
    }
  }

  /** Index entries a page of the list walks at most (a test lowers it). */
  listScanBudget = LIST_SCAN_BUDGET

  constructor(private routing: ReadRouting) {}

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
      after: query.cursor ? readCursor(query.cursor, organizationId, sort) : undefined,
    })
    const { rows } = await this.routing.read(options, (connection) =>
      runPrepared<Row>(name, text, values, connection)
    )
    const hits = rows.filter((row) => row.hit)
    const page = hits.slice(0, limit)
    // The rows come in the walk's order: the entry where a walk out of budget stopped is last.
    const stoppedAt = hits.length > limit ? page.at(-1) : rows.find((row) => row.n === budget)
    const nextCursor = stoppedAt
      ? issueCursor(organizationId, sort, { key: stoppedAt.sort_key, id: stoppedAt.id })
      : null
    const events = page.map((row) => eventFromRow(row)!)
    return { events, nextCursor }
  }

  /**
   * Deletes an event of the organization (its address goes with it) with
   * its `event.deleted` audit entry, in one transaction; 404 when the
   * organization has no such event. Membership is the policy's, asked first.
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

  /** The address changed member by member, or created (a city is then required). */
  #mergeAddress(event: EventRecord, changes: AddressInput): AddressRecord {
    const merged = {
      streetAddress: null,
      streetAddress2: null,
      state: null,
      postalCode: null,
      country: null,
      createdAt: event.updatedAt,
      ...event.address,
      ...given(changes),
      updatedAt: event.updatedAt,
    }
    assertValidAddress(merged)
    return merged as AddressRecord
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
