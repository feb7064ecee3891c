import { BaseSerializer } from '@adonisjs/core/transformers'

/**
 * Wraps every transformer output in `{ data }` (`ctx.serialize`, bound in
 * providers/bindings_provider.ts); `serializeWithoutWrapping` gives the bare
 * value, for documents written piece by piece (the account export). No
 * route answers a paginator (lists are plain arrays), so there is no
 * pagination metadata.
 */
export class ApiSerializer extends BaseSerializer<{ Wrap: 'data'; PaginationMetaData: never }> {
  wrap: 'data' = 'data'

  /** Required by BaseSerializer; reached only if a paginator were serialized. */
  definePaginationMetaData(): never {
    throw new Error('The API serializes no paginators')
  }
}
