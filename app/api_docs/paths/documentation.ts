import { group, textBody } from '#api_docs/builders'
import { DOCS_PAGE, DOCS_VIEWER } from '#api_docs/viewer'

/** This document and, outside production, its viewer. */
export function documentationPaths() {
  return group(
    { tag: 'documentation' },
    {
      'GET /openapi.json': {
        id: 'getOpenApiDocument',
        summary: 'This document',
        responses: {
          200: {
            description: 'OpenAPI 3.1',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['openapi', 'info', 'paths'],
                  properties: {
                    openapi: { const: '3.1.0' },
                    info: { type: 'object', additionalProperties: true },
                    paths: { type: 'object', additionalProperties: true },
                  },
                  additionalProperties: true,
                },
              },
            },
          },
        },
        errors: [500],
      },
      'GET /docs': {
        id: 'getDocsPage',
        summary: 'A viewer of this document (outside production)',
        responses: { 200: textBody('text/html', 'HTML page', DOCS_PAGE.length) },
        errors: [500],
      },
      'GET /docs/viewer.js': {
        id: 'getDocsViewer',
        summary: 'The viewer’s script',
        responses: { 200: textBody('text/javascript', 'JavaScript', DOCS_VIEWER.length) },
        errors: [500],
      },
    }
  )
}
