import factory from '@adonisjs/lucid/factories'
import User from '#models/user'

/** Every factory user's password. */
export const FACTORY_PASSWORD = 'correct horse battery'

export const UserFactory = factory
  .define(User, ({ faker }) => ({
    email: faker.internet.email().toLowerCase(),
    fullName: faker.person.fullName(),
    password: FACTORY_PASSWORD,
  }))
  .build()
