/*
|--------------------------------------------------------------------------
| Languages
|--------------------------------------------------------------------------
|
| `ctx.i18n` is the translator of the request's language, negotiated on
| first use only (most answers carry no text: the hot path pays nothing).
| Validation messages come from the `validation` catalogue in that language.
|
*/

import { HttpContext, RequestValidator } from '@adonisjs/core/http'
import type { I18n } from '@adonisjs/i18n'
import type { FieldContext, MessagesProviderContact } from '@vinejs/vine/types'
import { requestTranslator } from '#helpers/languages'

declare module '@adonisjs/core/http' {
  export interface HttpContext {
    i18n: I18n
  }
}

HttpContext.getter(
  'i18n',
  function (this: HttpContext) {
    return requestTranslator(this)
  },
  true
)

/**
 * Looks the request's language up only when a field fails, so a valid
 * request negotiates nothing. Messages are `validation.messages.<rule>`
 * (or `<field path>.<rule>`), field names `validation.fields.<name>`; a
 * rule that reports its own wording under a shared rule name (the code
 * keeps the rule) names its message with `meta.messageKey`.
 */
class RequestMessagesProvider implements MessagesProviderContact {
  constructor(private ctx: HttpContext) {}

  getMessage(message: string, rule: string, field: FieldContext, meta?: Record<string, any>) {
    const provider = this.ctx.i18n.createMessagesProvider('validation')
    return provider.getMessage(message, meta?.messageKey ?? rule, field, meta)
  }
}

RequestValidator.messagesProvider = (ctx) => new RequestMessagesProvider(ctx)
