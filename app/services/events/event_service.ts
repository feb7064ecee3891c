import { createHash } from 'node:crypto'
import { DateTime } from 'luxon'
import { v7 as uuidv7 } from 'uuid'
import db from '@adonisjs/lucid/services/db'
import { errors } from '@adonisjs/lucid'
import type { Infer } from '@vinejs/vine/types'
import Event from '#models/event'
import InternalException from '#exceptions/internal_exception'
import { isClientError, isInvalidData } from '#helpers/database_errors'
import { isDependencyUnavailable } from '#helpers/dependency_errors'
import PreconditionFailedException from '#exceptions/precondition_failed_exception'
import { namesVersion } from '#services/events/entity_tags'
import { issueCursor, readCursor } from '#services/events/event_cursor'
import type { AddressRecord, EventRecord, EventSort } from '#types/event'
import type { RawQueryBindings } from '@adonisjs/lucid/types/querybuilder'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { runPrepared } from '#helpers/prepared_statement'
import AuditLog from '#services/organizations/audit_log'
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

/** The address columns of a row joined with `event_addresses a`, prefixed `a__` (addressFromRow). */
const ADDRESS_COLUMNS = `
  a.event_id AS a__event_id, a.street_address AS a__street_address,
  a.street_address_2 AS a__street_address_2, a.city AS a__city, a.state AS a__state,
  a.postal_code AS a__postal_code, a.country AS a__country,
  a.created_at AS a__created_at, a.updated_at AS a__updated_at`

const FIND_AS_MEMBER = `
  SELECT m.user_id IS NOT NULL AS is_member, e.xmin::text AS row_version, e.*, ${ADDRESS_COLUMNS}
    FROM (SELECT 1) AS one
    LEFT JOIN organization_members m ON m.organization_id = $1 AND m.user_id = $2
    LEFT JOIN events e
      ON m.user_id IS NOT NULL AND e.organization_id = m.organization_id AND e.id = $3
    LEFT JOIN event_addresses a ON a.event_id = e.id`

/** The event and its address (when `?::boolean`) in one statement, read back joined. */
/** $1…$17 in the order of their values, so the same text serves knex (below). */
const CREATE_EVENT = `
  WITH event AS (
    INSERT INTO events (id, organization_id, name, description, target_date, status, event_type,
                        metadata, created_at, updated_at)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9::timestamptz, $10::timestamptz)
    RETURNING *, xmin::text AS row_version
  ), address AS (
    INSERT INTO event_addresses (event_id, street_address, street_address_2, city, state,
                                 postal_code, country, created_at, updated_at)
    SELECT id, $11, $12, $13, $14, $15, $16, created_at, created_at FROM event WHERE $17::boolean
    RETURNING *
  )
  SELECT event.*, ${ADDRESS_COLUMNS}
    FROM event LEFT JOIN address a ON true`

/** CREATE_EVENT with knex's placeholders, for the transaction of an idempotent create. */
const CREATE_EVENT_IN_TRANSACTION = CREATE_EVENT.replace(/\$\d+/g, '?')

const WRITE_EVENT = `
  WITH updated AS (
    UPDATE events
       SET name = $1, description = $2, target_date = $3, status = $4, event_type = $5,
           metadata = $6::jsonb, updated_at = $7
     WHERE id = $8 AND xmin::text = $9
    RETURNING id, xmin::text AS version
  ), address AS (
    INSERT INTO event_addresses (event_id, street_address, street_address_2, city, state,
                                 postal_code, country, created_at, updated_at)
    SELECT id, $10, $11, $12, $13, $14, $15, $16::timestamptz, $17::timestamptz FROM updated WHERE $18::boolean
    ON CONFLICT (event_id) DO UPDATE
       SET street_address = EXCLUDED.street_address, street_address_2 = EXCLUDED.street_address_2,
           city = EXCLUDED.city, state = EXCLUDED.state, postal_code = EXCLUDED.postal_code,
           country = EXCLUDED.country, updated_at = EXCLUDED.updated_at
  )
  SELECT (SELECT version FROM updated) AS version`

/**
 * The sort key of each order, written exactly as the indexes of migration
 * 1763800000030 are, so a page is an index range scan: events without a
 * target date sort last both ways (infinity after every date ascending,
 * -infinity before every date descending).
 */
const SORT_KEYS: Record<EventSort, { key: string; direction: 'ASC' | 'DESC' }> = {
  'createdAt': { key: 'e.created_at', direction: 'ASC' },
  '-createdAt': { key: 'e.created_at', direction: 'DESC' },
  'targetDate': { key: `COALESCE(e.target_date, 'infinity'::timestamptz)`, direction: 'ASC' },
  '-targetDate': { key: `COALESCE(e.target_date, '-infinity'::timestamptz)`, direction: 'DESC' },
}

/**
 * Membership and deletion in one statement: the event (its address goes
 * with it, ON DELETE CASCADE) is only deleted when the user is a member.
 */
const DELETE_AS_MEMBER = `
  WITH m AS (SELECT 1 FROM organization_members WHERE organization_id = ? AND user_id = ?),
  deleted AS (
    DELETE FROM events WHERE organization_id = ? AND id = ? AND EXISTS (SELECT 1 FROM m)
    RETURNING name
  )
  SELECT EXISTS (SELECT 1 FROM m) AS is_member, (SELECT name FROM deleted) AS deleted_name`

/** What `findAsMember` found: membership, the event (null if none) and its row version. */
export type FoundEvent = {
  isMember: boolean
  event: EventRecord | null
  version: string
  reload: () => Promise<FoundEvent>
}

/** An event as written, with the row version its ETag is made of. */
export type VersionedEvent = { event: EventRecord; version: string }

/** Runs inside the creating transaction, once the event is written (e.g. an idempotency record). */
export type AfterCreate = (trx: TransactionClientContract, created: VersionedEvent) => Promise<void>

type Row = Record<string, any>

/** A timestamptz column as pg returns it (a Date), as the rest of the app uses them. */
function dateTimeOf(value: Date | null) {
  return value ? DateTime.fromJSDate(value) : null
}

/** The address of a joined row (its columns prefixed `a__`), or null. */
function addressFromRow(row: Row): AddressRecord | null {
  if (!row.a__event_id) return null
  return {
    streetAddress: row.a__street_address,
    streetAddress2: row.a__street_address_2,
    city: row.a__city,
    state: row.a__state,
    postalCode: row.a__postal_code,
    country: row.a__country,
    createdAt: dateTimeOf(row.a__created_at)!,
    updatedAt: dateTimeOf(row.a__updated_at)!,
  }
}

/** An event of a joined row (event columns, then address columns prefixed `a__`), or null. */
function eventFromRow(row: Row): EventRecord | null {
  if (!row.id) return null
  return {
    id: row.id,
    organizationId: row.organization_id,
    name: row.name,
    description: row.description,
    targetDate: dateTimeOf(row.target_date),
    status: row.status,
    eventType: row.event_type,
    metadata: row.metadata,
    address: addressFromRow(row),
    createdAt: dateTimeOf(row.created_at)!,
    updatedAt: dateTimeOf(row.updated_at)!,
  }
}

/** The members of `changes` that were given (undefined = not given; null clears). */
function given<T extends object>(changes: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(changes).filter(([, value]) => value !== undefined)
  ) as Partial<T>
}

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
      address?.streetAddress ?? null,
      address?.streetAddress2 ?? null,
      address?.city ?? null,
      address?.state ?? null,
      address?.postalCode ?? null,
      address?.country ?? null,
      address !== undefined,
    ]
    const versioned = (row: Record<string, unknown>) => ({
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
      // An outage is a 503 the client may retry, not the spec's 500.
      if (isClientError(error) || isInvalidData(error) || isDependencyUnavailable(error))
        throw error
      throw new InternalException(message('errors.events.create_failed'), { cause: error })
    }
  }

  /**
   * Applies a partial update to the event `findAsMember` found, in one
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
      const { metadata, address, ...fields } = changes
      // An address-only change is a change of the event too.
      const event: EventRecord = { ...current.event, ...given(fields), updatedAt: DateTime.now() }
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
   * Membership, event and address in one statement. The event is only looked
   * for when the user is a member, so a non-member learns nothing of it
   * (OrganizationPolicy answers 403 first); a member naming another
   * organization's event finds nothing.
   */
  async findAsMember(userId: string, organizationId: string, eventId: string): Promise<FoundEvent> {
    const { rows } = await runPrepared('find_event_as_member', FIND_AS_MEMBER, [
      organizationId,
      userId,
      eventId,
    ])
    const row = rows[0]
    return {
      isMember: Boolean(row.is_member),
      event: eventFromRow(row),
      version: row.row_version as string,
      reload: () => this.findAsMember(userId, organizationId, eventId),
    }
  }

  /**
   * One page of an organization's events (keyset pagination): the events
   * after the cursor in the sort order, the id breaking ties, address
   * joined, in one statement. One more row than asked says whether a next
   * page exists; its cursor is the last returned event's sort key and id.
   */
  async list(organizationId: string, query: ListEventsQuery) {
    const sort = query.sort ?? '-createdAt'
    const limit = query.limit ?? 20
    const { key, direction } = SORT_KEYS[sort]
    const bindings: (string | number | Date | string[])[] = []
    /** The next placeholder, bound to `value`. */
    const bind = (value: string | number | Date | string[]) => `$${bindings.push(value)}`
    const conditions = [`e.organization_id = ${bind(organizationId)}`]
    if (query.status) conditions.push(`e.status = ANY(${bind(query.status)}::event_status[])`)
    if (query.eventType) conditions.push(`e.event_type = ${bind(query.eventType)}`)
    if (query.targetDateFrom) {
      conditions.push(`e.target_date >= ${bind(query.targetDateFrom.toJSDate())}`)
    }
    if (query.targetDateTo) {
      conditions.push(`e.target_date < ${bind(query.targetDateTo.toJSDate())}`)
    }
    if (query.cursor) {
      const after = readCursor(query.cursor, organizationId, sort)
      const comparison = direction === 'ASC' ? '>' : '<'
      conditions.push(
        `(${key}, e.id) ${comparison} (${bind(after.key)}::timestamptz, ${bind(after.id)}::uuid)`
      )
    }
    const text = `SELECT e.*, (${key})::text AS sort_key, ${ADDRESS_COLUMNS}
           FROM events e LEFT JOIN event_addresses a ON a.event_id = e.id
          WHERE ${conditions.join(' AND ')}
          ORDER BY ${key} ${direction}, e.id ${direction}
          LIMIT ${bind(limit + 1)}`
    // One prepared statement per shape (sort, filters given, cursor): a few dozen at most.
    const name = `list_events_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`
    const { rows } = await runPrepared(name, text, bindings)
    const page = (rows as Record<string, unknown>[]).slice(0, limit)
    const last = page.at(-1)
    const nextCursor =
      rows.length > limit && last
        ? issueCursor(organizationId, sort, { key: last.sort_key as string, id: last.id as string })
        : null
    const events = page.map((row) => eventFromRow(row)!)
    return { events, nextCursor }
  }

  /**
   * Deletes the event when the user is a member of its organization, with
   * its `event.deleted` audit entry in the same transaction; says whether
   * they are a member and whether it existed.
   */
  async deleteAsMember(userId: string, organizationId: string, eventId: string) {
    return db.transaction(async (trx) => {
      const { rows } = await trx.rawQuery(DELETE_AS_MEMBER, [
        organizationId,
        userId,
        organizationId,
        eventId,
      ])
      const { is_member: isMember, deleted_name: name } = rows[0]
      if (name !== null) {
        await AuditLog.record(trx, {
          organizationId,
          action: 'event.deleted',
          actorId: userId,
          target: { type: 'event', id: eventId },
          details: { name },
        })
      }
      return { isMember: Boolean(isMember), deleted: name !== null }
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
      event.targetDate?.toJSDate() ?? null,
      event.status,
      event.eventType,
      JSON.stringify(event.metadata),
      event.updatedAt.toJSDate(),
      event.id,
      version,
      address?.streetAddress ?? null,
      address?.streetAddress2 ?? null,
      address?.city ?? null,
      address?.state ?? null,
      address?.postalCode ?? null,
      address?.country ?? null,
      address?.createdAt.toJSDate() ?? null,
      address?.updatedAt.toJSDate() ?? null,
      address !== null,
    ])
    return rows[0].version ?? null
  }
}
