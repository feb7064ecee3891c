import { OrganizationSchema } from '#database/schema'
import { compose } from '@adonisjs/core/helpers'
import { hasMany } from '@adonisjs/lucid/orm'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import { withUuidV7 } from '#models/mixins/with_uuid_v7'
import OrganizationMember from '#models/organization_member'
import Event from '#models/event'

export default class Organization extends compose(OrganizationSchema, withUuidV7) {
  @hasMany(() => OrganizationMember)
  declare members: HasMany<typeof OrganizationMember>

  @hasMany(() => Event)
  declare events: HasMany<typeof Event>
}
