import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { Infer } from '@vinejs/vine/types'
import Event from '#models/event'
import EventAddress from '#models/event_address'
import InternalException from '#exceptions/internal_exception'
import { isClientError, isInvalidData } from '#services/database_errors'
import {
  assertOrderedRanges,
  assertValidAddress,
  type createEventValidator,
  type updateEventValidator,
} from '#validators/event'

type CreateEventInput = Omit<Infer<typeof createEventValidator>, 'params'>
type UpdateEventInput = Omit<Infer<typeof updateEventValidator>, 'params'>
type AddressInput = NonNullable<UpdateEventInput['address']>

export default class EventService {
  /**
   * Creates an event (and its address) in one transaction. `organizationId`
   * comes from the path only. Unexpected failures become the spec's
   * "Failed to create event".
   */
  async create(organizationId: string, input: CreateEventInput) {
    if (input.address) assertValidAddress(input.address)

    try {
      return await db.transaction(async (trx) => {
        const event = await Event.create(
          {
            organizationId,
            name: input.name,
            description: input.description ?? null,
            targetDate: input.targetDate ?? null,
            status: input.status ?? 'BACKLOG',
            eventType: input.eventType ?? 'ONE_OFF',
            metadata: assertOrderedRanges(Event.mergeMetadata({}, input.metadata ?? {})),
          },
          { client: trx }
        )
        const address = input.address
          ? await EventAddress.create({ eventId: event.id, ...input.address }, { client: trx })
          : null
        event.$setRelated('address', address)
        return event
      })
    } catch (error) {
      if (isClientError(error) || isInvalidData(error)) throw error
      throw new InternalException('Failed to create event', { cause: error })
    }
  }

  /**
   * Applies a partial update under a row lock on the event, so concurrent
   * PATCHes each merge into the metadata the previous one left.
   */
  async update(organizationId: string, eventId: string, changes: UpdateEventInput) {
    return db.transaction(async (trx) => {
      const event = await this.#scoped(organizationId, eventId, trx).forUpdate().firstOrFail()

      const { metadata, address, ...fields } = changes
      event.merge(
        Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined))
      )
      if (metadata) {
        event.metadata = assertOrderedRanges(Event.mergeMetadata(event.metadata, metadata))
      }
      // An address-only change is a change of the event too.
      event.updatedAt = DateTime.now()
      await event.save()

      const stored = await EventAddress.query({ client: trx }).where('eventId', event.id).first()
      event.$setRelated(
        'address',
        address ? await this.#upsertAddress(event, stored, address, trx) : stored
      )
      return event
    })
  }

  find(organizationId: string, eventId: string) {
    return this.#scoped(organizationId, eventId).preload('address').firstOrFail()
  }

  /** Looked up through the organization: another organization's event is not found. */
  #scoped(organizationId: string, eventId: string, trx?: TransactionClientContract) {
    return Event.query({ client: trx }).where('organizationId', organizationId).where('id', eventId)
  }

  /** Updates the address member by member, or creates it; the result must be valid. */
  async #upsertAddress(
    event: Event,
    stored: EventAddress | null,
    changes: AddressInput,
    trx: TransactionClientContract
  ) {
    const supplied = Object.fromEntries(
      Object.entries(changes).filter(([, value]) => value !== undefined)
    )
    const address = stored ?? new EventAddress()
    address.useTransaction(trx)
    address.merge({ eventId: event.id, ...supplied })
    assertValidAddress(address)
    return address.save()
  }
}
