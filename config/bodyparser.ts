import { defineConfig } from '@adonisjs/core/bodyparser'

/**
 * JSON only: the API has no forms or uploads. Bodies over `limit` are a 413.
 */
const bodyParserConfig = defineConfig({
  allowedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'],
  json: {
    // Keep "" as "": an empty string is a value the validators judge, not a missing field.
    convertEmptyStringsToNull: false,
    limit: '1mb',
    // Non-object JSON is parsed and judged by the json_body middleware.
    strict: false,
    types: ['application/json', 'application/*+json'],
  },
  form: {
    convertEmptyStringsToNull: false,
    types: [],
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
