import { OrganizationSchema } from '#database/schema'
import { compose } from '@adonisjs/core/helpers'
import { withUuidV7 } from '#models/mixins/with_uuid_v7'

export default class Organization extends compose(OrganizationSchema, withUuidV7) {}
