import openapiTS, { astToString } from 'openapi-typescript'

/** Where the generated types live, from the repository's root. */
export const SCHEMA_FILE = 'packages/api-client/src/schema.ts'

const HEADER = `/**
 * Generated from the API's OpenAPI document (app/api_docs/document.ts)
 * by \`npm run client:generate\`. Do not edit: a test fails when it differs
 * from what the document generates.
 */

`

/**
 * The TypeScript types of an OpenAPI document, the same text for the same
 * document: paths and members in alphabetical order.
 */
export async function generateTypes(document: Record<string, unknown>) {
  const ast = await openapiTS(structuredClone(document) as never, {
    alphabetize: true,
    silent: true,
  })
  return HEADER + astToString(ast)
}
