import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

/**
 * Where newsletter contacts are created. The default keeps them in
 * PostgreSQL (DatabaseContactProvider); a hosted audience (Resend, Brevo,
 * ...) is another implementation bound in providers/app_provider.ts. A
 * creation inside `trx` is undone when the welcome email fails.
 */
export abstract class ContactProvider {
  abstract createContact(email: string, trx: TransactionClientContract): Promise<void>
}
