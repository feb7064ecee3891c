import { defineConfig } from '@adonisjs/core/bodyparser'

/**
 * JSON, plus the one form the API takes: RFC 8058's one-click unsubscribe
 * (`List-Unsubscribe=One-Click`). JSON routes answer any other media type
 * with 415 (json_body middleware). No uploads. Bodies over `limit` are a 413.
 */
const bodyParserConfig = defineConfig({
  allowedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'],
  json: {
    // Keep "" as "": an empty string is a value the validators judge, not a missing field.
    convertEmptyStringsToNull: false,
    // Strings are trimmed by the body_parser middleware, in the walk that measures the depth:
    // the parser's own trimming is a JSON.parse reviver, which takes V8's slow path (4× here).
    trimWhitespaces: false,
    limit: '1mb',
    // Non-object JSON is parsed and judged by the json_body middleware.
    strict: false,
    types: ['application/json', 'application/*+json'],
  },
  form: {
    convertEmptyStringsToNull: false,
    limit: '16kb',
    types: ['application/x-www-form-urlencoded'],
  },
  multipart: {
    autoProcess: false,
    convertEmptyStringsToNull: false,
    processManually: [],
    limit: '1mb',
    types: [],
  },
})

export default bodyParserConfig
