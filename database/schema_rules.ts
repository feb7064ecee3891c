import { type SchemaRules } from '@adonisjs/lucid/types/schema_generator'

const eventTypes = (name: string) => ({
  tsType: name,
  imports: [{ source: '#types/event', typeImports: [name] }],
  decorators: [{ name: '@column' }],
})

/**
 * Types for the columns PostgreSQL cannot describe: enums and the jsonb metadata.
 */
export default {
  tables: {
    events: {
      columns: {
        status: eventTypes('EventStatus'),
        event_type: eventTypes('EventType'),
        metadata: eventTypes('EventMetadata'),
      },
    },
  },
} satisfies SchemaRules
