import type { HttpContext } from '@adonisjs/core/http'
import type WritePositions from '#services/platform/replicas/write_positions'

const READS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Read your writes across replicas (contract, "Past one database"): once a
 * request of a signed-in account that may have changed something has
 * succeeded, the primary's WAL position is kept on the account before the
 * answer leaves, so its next request, on any instance, reads from a replica
 * only once that replica has replayed the change. Nothing without a replica.
 * A step of the session area (session_area_middleware.ts), after the route.
 */
export async function keepWritePosition(ctx: HttpContext, positions: WritePositions) {
  if (!positions.enabled || READS.has(ctx.request.method())) return
  const user = ctx.auth.user
  if (user && ctx.response.getStatus() < 400) await positions.record([user.id])
}
