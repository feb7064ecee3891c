import { type SchemaRules } from '@adonisjs/lucid/types/schema_generator'

export default {} satisfies SchemaRules
