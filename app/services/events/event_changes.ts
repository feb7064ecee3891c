import type { Infer } from '@vinejs/vine/types'
import InternalException from '#exceptions/internal_exception'
import { message } from '#exceptions/api_exception'
import { isClientError, isInvalidData, isStatementTimeout } from '#helpers/database_errors'
import { isDependencyUnavailable } from '#helpers/dependency_errors'
import type { ApiSerializer } from '#helpers/api_serializer'
import { entityTag } from '#services/events/entity_tags'
import { eventFromRow, type Row } from '#services/events/event_rows'
import type { IdempotentAnswer } from '#services/platform/idempotency_service'
import EventTransformer from '#transformers/event_transformer'
import type { AddressRecord, EventRecord } from '#types/event'
import { assertValidAddress, type updateEventValidator } from '#validators/event'

/*
 * The event service's steps that need no database: what a PATCH changes, and what a create
 * answers or becomes when it fails.
 */

type AddressInput = NonNullable<Omit<Infer<typeof updateEventValidator>, 'params'>['address']>

/** The members of `changes` that were given (undefined = not given; null clears). */
export function given<T extends object>(changes: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(changes).filter(([, value]) => value !== undefined)
  ) as Partial<T>
}

/** The address changed member by member, or created (a city is then required). */
export function mergeAddress(event: EventRecord, changes: AddressInput): AddressRecord {
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

/** The answer to a create: 201, the event as every route gives it, its ETag. */
export async function answerOf(serializer: ApiSerializer, row: Row): Promise<IdempotentAnswer> {
  return {
    status: 201,
    body: await serializer.serialize(EventTransformer.transform(eventFromRow(row)!)),
    etag: entityTag(row.row_version as string),
  }
}

/**
 * Runs a create: an outage or a statement past its time stays a 503 the
 * client may retry, a refusal stays itself, anything else is the spec's 500.
 */
export async function orCreateFailed<T>(create: () => Promise<T>): Promise<T> {
  try {
    return await create()
  } catch (error) {
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
