import { execFile } from 'node:child_process'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { basename, join } from 'node:path'
import { promisify } from 'node:util'
import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { sourceFiles } from '@adonisjs/lucid/utils'
import type { BaseSchema } from '@adonisjs/lucid/schema'

const run = promisify(execFile)

/**
 * A migration's own exceptions to the lint: `static lintExceptions = {
 * 'rule-name': 'why it is safe here' }` on its class. Written into its SQL
 * as squawk's `-- squawk-ignore-file` comment, so a rule is off only where
 * it is named, and never without its reason.
 */
type LintedSchema = typeof BaseSchema & { lintExceptions?: Record<string, string> }

/**
 * `npm run migrations:lint`: squawk (the `squawk-cli` devDependency, a
 * PostgreSQL migration linter) over the SQL of every migration, regular
 * and post-deploy, as `migration:run --dry-run` prints it: each migration
 * class is run dry the way Lucid's migrator does (`execUp()` of a schema
 * built with `dryRun`), no database needed. A transactional migration's SQL
 * is wrapped in BEGIN/COMMIT as the migrator runs it. Rules turned off for
 * every migration are in .squawk.toml, each with its reason.
 *
 * Also refused: a migration that does not extend SafeSchema
 * (database/safe_schema.ts), which is what gives it its lock timeout and
 * retries.
 */
export default class MigrationLint extends BaseCommand {
  static commandName = 'migration:lint'
  static description =
    'Lint the SQL of every migration with squawk, as the dry run prints it (npm run migrations:lint)'

  static options: CommandOptions = { startApp: true }

  @flags.array({
    description: 'Lint the migrations of these folders instead of the configured ones',
  })
  declare path?: string[]

  async run() {
    const { SafeSchema, RELEASED_BEFORE_THE_RULES, LAST_MIGRATION_BEFORE_THE_RULES } =
      await import('#database/safe_schema')
    const { POST_DEPLOY_CONNECTION } = await import('#config/database')
    const db = await this.app.container.make('lucid.db')
    const folders = this.path?.length
      ? this.path.map((path) => ({ path, connection: db.primaryConnectionName }))
      : [db.primaryConnectionName, POST_DEPLOY_CONNECTION].flatMap((connection) =>
          (db.getRawConnection(connection)!.config.migrations?.paths ?? []).map((path) => ({
            path,
            connection,
          }))
        )

    const outDir = this.app.tmpPath('migrations-lint')
    await rm(outDir, { recursive: true, force: true })
    const sqlFiles: string[] = []
    const problems: string[] = []
    for (const { path, connection } of folders) {
      const { files } = await sourceFiles(this.app.appRoot, path, true)
      await mkdir(join(outDir, basename(path)), { recursive: true })
      for (const file of files) {
        const Schema = (await file.getSource()) as LintedSchema
        if (!(Schema.prototype instanceof SafeSchema)) {
          problems.push(
            `${file.name}: does not extend SafeSchema (database/safe_schema.ts), so it runs without a lock timeout or retries`
          )
        }
        const exceptions = Object.entries(Schema.lintExceptions ?? {})
        for (const [rule, reason] of exceptions) {
          if (!reason?.trim()) {
            problems.push(`${file.name}: lint exception ${rule} without a reason`)
          }
          const stamp = Number(basename(file.name).split('_')[0])
          if (reason === RELEASED_BEFORE_THE_RULES && !(stamp <= LAST_MIGRATION_BEFORE_THE_RULES)) {
            problems.push(
              `${file.name}: only a migration released before the rules may give RELEASED_BEFORE_THE_RULES as the reason for ${rule}`
            )
          }
        }
        const schema = new Schema(db.connection(connection), file.name, true)
        const queries = (await schema.execUp()) as string[]
        const transactional = !Schema.disableTransactions
        const lines = [
          ...exceptions.map(([rule, reason]) => `-- squawk-ignore-file ${rule}\n-- why: ${reason}`),
          ...(transactional ? ['BEGIN;'] : []),
          ...queries.map((sql) => `${sql};`),
          ...(transactional ? ['COMMIT;'] : []),
        ]
        const sqlFile = join(outDir, basename(path), `${basename(file.name)}.sql`)
        await writeFile(sqlFile, `${lines.join('\n')}\n`)
        sqlFiles.push(sqlFile)
      }
    }

    for (const problem of problems) this.logger.error(problem)
    const squawk = this.app.makePath('node_modules', '.bin', 'squawk')
    const args = ['--config', this.app.makePath('.squawk.toml'), '--reporter', 'gcc', ...sqlFiles]
    const result = await run(squawk, args, { cwd: this.app.appRoot.pathname }).then(
      ({ stdout, stderr }) => ({ code: 0, output: stdout + stderr }),
      (error: { code?: number; stdout?: string; stderr?: string }) => ({
        code: typeof error.code === 'number' ? error.code : 1,
        output: `${error.stdout ?? ''}${error.stderr ?? ''}`,
      })
    )
    if (result.output.trim()) this.logger.log(result.output.trim())
    if (result.code !== 0 || problems.length) {
      this.logger.error(
        `migrations lint failed: the SQL linted is under ${this.app.relativePath(outDir)}/ (docs/releasing.md says how a migration stays safe)`
      )
      this.exitCode = 1
      return
    }
    this.logger.success(`${sqlFiles.length} migrations linted with squawk: no problem found`)
  }
}
