import { readFile, writeFile } from 'node:fs/promises'
import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * Compares the OpenAPI document the router and validators describe (built
 * in-process, no server, no database) with the document of the last release
 * (packages/api-client/openapi.released.json), with Optic. A change that
 * breaks existing clients fails unless info.version's major moved up; the
 * typed client's version must be info.version. CI runs it (.ci/run).
 */
export default class ApiBreakingCheck extends BaseCommand {
  static commandName = 'api:breaking-check'
  static description =
    'Fail when the OpenAPI document breaks the released one and info.version keeps its major (npm run api:breaking-check)'

  static options: CommandOptions = { startApp: true }

  @flags.boolean({
    description: 'Record the current document as the released one (only when the check passes)',
  })
  declare release: boolean

  async run() {
    const router = await this.app.container.make('router')
    router.commit()
    const { apiDescription } = await import('#api_docs/document')
    const { compareDocuments, RELEASED_FILE } =
      await import('../packages/api-client/scripts/breaking_changes.js')
    const current = apiDescription() as Record<string, any>

    const clientPackage = JSON.parse(
      await readFile(this.app.makePath('packages/api-client/package.json'), 'utf8')
    )
    if (clientPackage.version !== current.info.version) {
      this.logger.error(
        `packages/api-client/package.json is at ${clientPackage.version}, the document at ${current.info.version}: the typed client's version follows info.version`
      )
      this.exitCode = 1
      return
    }

    const releasedPath = this.app.makePath(RELEASED_FILE)
    const released = await readFile(releasedPath, 'utf8').then(JSON.parse, (error) => {
      if (error.code === 'ENOENT') return undefined
      throw error
    })
    if (!released) {
      if (this.release) return this.#record(releasedPath, current, RELEASED_FILE)
      this.logger.error(
        `${RELEASED_FILE} is missing: run \`npm run api:breaking-check -- --release\` to record the first release`
      )
      this.exitCode = 1
      return
    }

    const comparison = await compareDocuments(released, current)
    if (comparison.breaking) this.logger.log(comparison.report)
    if (!comparison.ok) {
      for (const failure of comparison.failures) this.logger.error(failure)
      this.logger.error(
        `${comparison.summary}. Keep the change compatible (an optional property, a new route), or move info.version to ${Number(comparison.baseVersion.split('.')[0]) + 1}.0.0 (app/api_docs/document.ts) and the typed client's version with it.`
      )
      this.exitCode = 1
      return
    }
    this.logger.success(`${comparison.summary} (${RELEASED_FILE} → the current document)`)
    if (this.release) await this.#record(releasedPath, current, RELEASED_FILE)
  }

  async #record(path: string, document: Record<string, any>, name: string) {
    await writeFile(path, `${JSON.stringify(document, null, 2)}\n`)
    this.logger.success(`wrote ${name} (version ${document.info.version})`)
  }
}
