import { UserPasskeySchema } from '#database/schema'
import { compose } from '@adonisjs/core/helpers'
import { column } from '@adonisjs/lucid/orm'
import { withUuidV7 } from '#models/mixins/with_uuid_v7'

/** A WebAuthn credential of an account (discoverable, user-verified). */
export default class UserPasskey extends compose(UserPasskeySchema, withUuidV7) {
  static table = 'user_passkeys'

  /** A JSON array in a jsonb column: the driver would otherwise send a PostgreSQL array. */
  @column({ prepare: (value: string[]) => JSON.stringify(value) })
  declare transports: string[]

  /** A bigint column, read as a number: a counter stays far below 2^53. */
  @column({ consume: (value: string | number) => Number(value) })
  declare signCount: number
}
