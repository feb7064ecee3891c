import { writeFile } from 'node:fs/promises'
import { BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * Regenerates the typed client's types from the OpenAPI document the
 * router and validators describe, with no server running. The database
 * is never reached (`npm run client:generate` names an unused one).
 */
export default class ApiClientGenerate extends BaseCommand {
  static commandName = 'api-client:generate'
  static description =
    'Regenerate packages/api-client/src/schema.ts from the OpenAPI document (npm run client:generate)'

  static options: CommandOptions = { startApp: true }

  async run() {
    // The HTTP server commits the routes when it starts; here nothing starts it.
    const router = await this.app.container.make('router')
    router.commit()
    const { apiDescription } = await import('#api_docs/document')
    const { generateTypes, SCHEMA_FILE } =
      await import('../packages/api-client/scripts/generate_types.js')
    const types = await generateTypes(apiDescription())
    await writeFile(this.app.makePath(SCHEMA_FILE), types)
    this.logger.success(`wrote ${SCHEMA_FILE}`)
  }
}
