/*
|--------------------------------------------------------------------------
| Routes
|--------------------------------------------------------------------------
*/

import app from '@adonisjs/core/services/app'
import router from '@adonisjs/core/services/router'
import { controllers } from '#generated/controllers'
import { middleware } from '#start/kernel'
import {
  throttleApi,
  throttleHealth,
  throttleNewsletterRoute,
  throttleUnsubscribeRoute,
} from '#start/limiter'

router
  .post('/newsletter/subscribe', [controllers.NewsletterSubscriptions, 'store'])
  // A body that is not a JSON object is the spec's 422 for `email`, not a 400.
  .use([middleware.jsonBody({ nonObject: 'ignore' }), throttleNewsletterRoute])

/**
 * The email's unsubscribe link: GET shows it, POST (RFC 8058 one-click,
 * `application/x-www-form-urlencoded` or no body) unsubscribes.
 */
router
  .group(() => {
    router.get('/newsletter/unsubscribe', [controllers.NewsletterUnsubscriptions, 'show'])
    router.post('/newsletter/unsubscribe', [controllers.NewsletterUnsubscriptions, 'store'])
  })
  .use(throttleUnsubscribeRoute)

/**
 * /health sits outside the throttle outside production, inside it in
 * production (spec, Limits), except for the monitor. Liveness and
 * readiness for load balancers are never throttled (contract).
 */
const health = router.get('/health', [controllers.HealthChecks, 'show'])
if (app.inProduction) health.use(throttleHealth)
router.get('/health/live', [controllers.HealthChecks, 'live'])
router.get('/health/ready', [controllers.HealthChecks, 'ready'])

/**
 * The authenticated area: sessions, global API limits (per user when signed
 * in, per IP otherwise) and JSON bodies.
 */
router
  .group(() => {
    router
      .group(() => {
        router.post('signup', [controllers.NewAccount, 'store'])
        router.post('login', [controllers.Session, 'store'])
        router.post('logout', [controllers.Session, 'destroy']).use(middleware.auth())
        router.get('me', [controllers.Profile, 'show']).use(middleware.auth())
      })
      .prefix('/auth')

    router
      .group(() => {
        router.get('/', [controllers.Organizations, 'index'])
        router.post('/', [controllers.Organizations, 'store'])
        router.get('/:organizationId', [controllers.Organizations, 'show'])

        router.get('/:organizationId/members', [controllers.OrganizationMembers, 'index'])
        router.post('/:organizationId/members', [controllers.OrganizationMembers, 'store'])
        router.delete('/:organizationId/members/:userId', [
          controllers.OrganizationMembers,
          'destroy',
        ])

        router.post('/:organizationId/events', [controllers.Events, 'store'])
        router.patch('/:organizationId/events/:id', [controllers.Events, 'update'])
        router.get('/:organizationId/events/:id', [controllers.Events, 'show'])
      })
      .prefix('/organizations')
      .use(middleware.auth())
  })
  .use([middleware.session(), middleware.silentAuth(), throttleApi, middleware.jsonBody()])
