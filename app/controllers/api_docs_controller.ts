import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import ApiDocument from '#api_docs/api_document'
import { DOCS_PAGE, DOCS_VIEWER } from '#api_docs/viewer'

/**
 * Its own CSP: the page runs only the API's own script and reads only the
 * API's own document (nothing is loaded from another site).
 */
const DOCS_CSP =
  "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

@inject()
export default class ApiDocsController {
  constructor(private apiDocument: ApiDocument) {}

  /** GET /openapi.json: the OpenAPI 3.1 document. */
  async document({ response }: HttpContext) {
    return response.send(await this.apiDocument.get())
  }

  /** GET /docs (outside production): a page that renders the document. */
  page({ response }: HttpContext) {
    response.header('Content-Security-Policy', DOCS_CSP)
    response.header('Content-Type', 'text/html; charset=utf-8')
    return response.send(DOCS_PAGE)
  }

  viewer({ response }: HttpContext) {
    response.header('Content-Security-Policy', DOCS_CSP)
    response.header('Content-Type', 'text/javascript; charset=utf-8')
    return response.send(DOCS_VIEWER)
  }
}
