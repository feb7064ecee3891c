/*
|--------------------------------------------------------------------------
| Routes
|--------------------------------------------------------------------------
*/

import app from '@adonisjs/core/services/app'
import router from '@adonisjs/core/services/router'
import { controllers } from '#generated/controllers'
import { middleware } from '#start/kernel'
import { throttleApi, throttleNewsletter } from '#start/limiter'

router
  .post('/newsletter/subscribe', [controllers.NewsletterSubscriptions, 'store'])
  // A body that is not a JSON object is the spec's 422 for `email`, not a 400.
  .use([middleware.jsonBody({ nonObject: 'ignore' }), throttleNewsletter])

/**
 * /health sits outside the throttle outside production, inside it in
 * production (spec, Limits).
 */
const health = router.get('/health', [controllers.HealthChecks, 'show'])
if (app.inProduction) health.use(throttleApi)
