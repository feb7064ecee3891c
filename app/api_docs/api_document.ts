import type { Schema } from '#api_docs/builders'

/**
 * The OpenAPI document as GET /openapi.json serves it: built on the first
 * request (the router holds every route by then), then kept. One per
 * process (the bindings provider); loads the document's modules only then.
 */
export default class ApiDocument {
  #built?: Promise<Schema>

  get(): Promise<Schema> {
    this.#built ??= import('#api_docs/document').then(({ apiDescription }) => apiDescription())
    return this.#built
  }
}
