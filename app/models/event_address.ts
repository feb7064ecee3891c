import { EventAddressSchema } from '#database/schema'

/** The one address of an event, keyed by the event id. */
export default class EventAddress extends EventAddressSchema {
  static table = 'event_addresses'
  static selfAssignPrimaryKey = true
}
