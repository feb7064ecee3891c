import { defineConfig } from '@adonisjs/shield'

/**
 * A JSON API: no CSP or CSRF tokens (the session cookie is SameSite=Lax and
 * every write needs a JSON body), but the usual hardening headers.
 */
const shieldConfig = defineConfig({
  csp: { enabled: false, directives: {}, reportOnly: false },
  csrf: { enabled: false },
  xFrame: { enabled: true, action: 'DENY' },
  hsts: { enabled: true, maxAge: '180 days' },
  contentTypeSniffing: { enabled: true },
})

export default shieldConfig
