/*
|--------------------------------------------------------------------------
| Validation defaults
|--------------------------------------------------------------------------
|
| Every validator reports through ApiErrorReporter (400, contract codes)
| unless it names its own, with the spec's wording for `required`.
|
*/

import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { ApiErrorReporter } from '#exceptions/validation_error_reporter'

vine.errorReporter = () => new ApiErrorReporter(400)

vine.messagesProvider = new SimpleMessagesProvider({
  required: 'The {{ field }} field is required',
})
