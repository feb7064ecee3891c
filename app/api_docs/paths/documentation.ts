import { group, textBody } from '#api_docs/builders'

/** This document and, outside production, its viewer. */
export function documentationPaths() {
  return group(
    { tag: 'documentation' },
    {
      'GET /openapi.json': {
        summary: 'This document',
        responses: {
          200: {
            description: 'OpenAPI 3.1',
            content: { 'application/json': { schema: { type: 'object' } } },
          },
        },
        errors: [500],
      },
      'GET /docs': {
        summary: 'A viewer of this document (outside production)',
        responses: { 200: textBody('text/html', 'HTML page') },
        errors: [500],
      },
      'GET /docs/viewer.js': {
        summary: 'The viewer’s script',
        responses: { 200: textBody('text/javascript', 'JavaScript') },
        errors: [500],
      },
    }
  )
}
