import { defineConfig } from '@adonisjs/auth'
import { SessionGuard } from '@adonisjs/auth/session'
import type { HttpContext } from '@adonisjs/core/http'
import type { InferAuthenticators, InferAuthEvents, Authenticators } from '@adonisjs/auth/types'
import type { SessionUserProvider } from '#session/session_user_provider'

const guardOptions = { useRememberMeTokens: false } as const

/**
 * The session guard of `sessionGuard()`, with a user provider per request
 * that takes the user the session store read along with the session
 * (app/session), instead of a second SELECT.
 */
const authConfig = defineConfig({
  default: 'web',
  guards: {
    web: {
      async resolver(name, app) {
        const emitter = await app.container.make('emitter')
        const { SessionUserProvider: Provider } = await import('#session/session_user_provider')
        const { default: ReadRouting } = await import('#services/platform/replicas/read_routing')
        const routing = await app.container.make(ReadRouting)
        return (ctx: HttpContext) =>
          new SessionGuard<false, SessionUserProvider>(
            name,
            ctx,
            guardOptions,
            emitter as ConstructorParameters<typeof SessionGuard>[3],
            new Provider(ctx, routing)
          )
      },
    },
  },
})

export default authConfig

declare module '@adonisjs/auth/types' {
  export interface Authenticators extends InferAuthenticators<typeof authConfig> {}
}
declare module '@adonisjs/core/types' {
  interface EventsList extends InferAuthEvents<Authenticators> {}
}
