import { UserSchema } from '#database/schema'
import hash from '@adonisjs/core/services/hash'
import { compose } from '@adonisjs/core/helpers'
import { withAuthFinder } from '@adonisjs/auth/mixins/lucid'
import { withUuidV7 } from '#models/mixins/with_uuid_v7'

export default class User extends compose(
  UserSchema,
  withUuidV7,
  withAuthFinder(hash, { uids: ['email'], passwordColumnName: 'password' })
) {}
