import { HttpContext } from '@adonisjs/core/http'
import { BaseSerializer } from '@adonisjs/core/transformers'

/**
 * Wraps every transformer output in `{ data }`. No route answers a
 * paginator (lists are plain arrays), so there is no pagination metadata.
 */
class ApiSerializer extends BaseSerializer<{ Wrap: 'data'; PaginationMetaData: never }> {
  wrap: 'data' = 'data'

  /** Required by BaseSerializer; reached only if a paginator were serialized. */
  definePaginationMetaData(): never {
    throw new Error('The API serializes no paginators')
  }
}

declare module '@adonisjs/core/http' {
  export interface HttpContext {
    serialize: ApiSerializer['serialize']
  }
}

const serializer = new ApiSerializer()

/** `ctx.serialize(transformer output)` → `{ data: ... }`. */
HttpContext.instanceProperty('serialize', function (this: HttpContext, values: any): any {
  return serializer.serialize(values, this.containerResolver)
})
