import factory from '@adonisjs/lucid/factories'
import Event from '#models/event'

export const EventFactory = factory
  .define(Event, ({ faker }) => ({
    name: faker.lorem.words(3),
    description: null,
    targetDate: null,
    status: 'BACKLOG' as const,
    eventType: 'ONE_OFF' as const,
    metadata: {},
  }))
  .build()
