import { Readable } from 'node:stream'
import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import AccountDeletionService from '#services/accounts/account_deletion_service'
import AccountExportService from '#services/accounts/account_export_service'
import PasswordService from '#services/accounts/password_service'
import { accountExportJson } from '#transformers/account_export_transformer'
import { deleteAccountValidator } from '#validators/auth'
import { languageOf } from '#helpers/languages'

/** The signed-in account as a whole: its data export and its deletion. */
@inject()
export default class AccountsController {
  constructor(
    private exports: AccountExportService,
    private deletion: AccountDeletionService,
    private passwords: PasswordService
  ) {}

  /**
   * One JSON download of everything held about the account, streamed as it
   * is read. A failure once it has begun cuts the download short (logged).
   */
  async export({ auth, session, response, containerResolver, logger }: HttpContext) {
    const user = auth.getUserOrFail()
    const record = await this.exports.collect(user, session.sessionId)
    const day = new Date().toISOString().slice(0, 10)
    response.header('Content-Type', 'application/json; charset=utf-8')
    response.header('Content-Disposition', `attachment; filename="account-${day}.json"`)
    response.header('Cache-Control', 'no-store')
    const document = Readable.from(accountExportJson(record, containerResolver))
    document.once('error', (error) => logger.error({ err: error }, 'account export cut short'))
    response.stream(document)
  }

  /** Deletes the account with its current password; this client is signed out too. */
  async destroy(ctx: HttpContext) {
    const { request, auth, session, response } = ctx
    const { currentPassword } = await request.validateUsing(deleteAccountValidator)
    const user = auth.getUserOrFail()
    await this.passwords.confirmCurrent(user, currentPassword, request.ip())
    await this.deletion.delete(user, languageOf(ctx))
    await auth.use('web').logout()
    session.clear()
    session.regenerate()
    return response.noContent()
  }
}
