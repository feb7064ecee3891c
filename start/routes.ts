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
  throttleChallengeRoute,
  throttleEmailChange,
  throttleHealth,
  throttleNewsletterRoute,
  throttleNewsletterConfirmRoute,
  throttlePasswordForgot,
  throttleVerificationEmail,
  throttleUnsubscribeRoute,
} from '#start/limiter'

router
  .post('/newsletter/subscribe', [controllers.NewsletterSubscriptions, 'store'])
  // A body that is not a JSON object is the spec's 422 for `email`, not a 400.
  .use([middleware.jsonBody({ nonObject: 'ignore' }), throttleNewsletterRoute])

/** The subscribe form's proof-of-work challenge (NEWSLETTER_CAPTCHA=altcha; 404 while off). */
router
  .get('/newsletter/challenge', [controllers.NewsletterChallenges, 'show'])
  .use(throttleChallengeRoute)

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
 * Double opt-in's confirmation link: GET shows a page (mail scanners open
 * links), POST confirms (the page's form, or JSON `{ token }`). Always
 * routed, so links sent before the switch went off still work.
 */
router
  .group(() => {
    router.get('/newsletter/confirm', [controllers.NewsletterConfirmations, 'show'])
    router.post('/newsletter/confirm', [controllers.NewsletterConfirmations, 'store'])
  })
  .use(throttleNewsletterConfirmRoute)

/**
 * /health sits outside the throttle outside production, inside it in
 * production (spec, Limits), except for the monitor. Liveness and
 * readiness for load balancers are never throttled (contract).
 */
const health = router.get('/health', [controllers.HealthChecks, 'show'])
if (app.inProduction) health.use(throttleHealth)
router.get('/health/live', [controllers.HealthChecks, 'live'])
router.get('/health/ready', [controllers.HealthChecks, 'ready'])

/** Prometheus scrapes, with the monitoring secret as a bearer token; never throttled. */
router.get('/metrics', [controllers.Metrics, 'show'])

/**
 * The API's description (OpenAPI 3.1) and, outside production, a viewer
 * served by the API itself.
 */
router.get('/openapi.json', [controllers.ApiDocs, 'document'])
if (!app.inProduction) {
  router.get('/docs', [controllers.ApiDocs, 'page'])
  router.get('/docs/viewer.js', [controllers.ApiDocs, 'viewer'])
}

/**
 * The authenticated area (/auth, /organizations, /invitations), each under
 * `sessionArea`: sessions, global API limits (per user when signed in, per
 * IP otherwise) and JSON bodies; `signedIn` where every route needs a user.
 */
router
  .group(() => {
    router.post('signup', [controllers.NewAccount, 'store'])
    router.post('login', [controllers.Session, 'store'])
    router.post('login/second-factor', [controllers.SecondFactorLogins, 'store'])
    router.post('logout', [controllers.Session, 'destroy']).use(middleware.auth())
    router.get('me', [controllers.Profile, 'show']).use(middleware.auth())
    router.patch('me', [controllers.Profile, 'update']).use(middleware.auth())

    router
      .post('password/forgot', [controllers.PasswordResets, 'store'])
      .use(throttlePasswordForgot)
    router.post('password/reset', [controllers.PasswordResets, 'update'])
    router
      .put('password', [controllers.Passwords, 'update'])
      .use([middleware.auth(), middleware.reauthenticated()])

    router
      .post('email/verification', [controllers.EmailVerifications, 'store'])
      .use([middleware.auth(), throttleVerificationEmail])
    router.post('email/verify', [controllers.EmailVerifications, 'update'])
    router
      .post('email/change', [controllers.EmailChanges, 'store'])
      .use([middleware.auth(), middleware.reauthenticated(), throttleEmailChange])
    router.post('email/confirm', [controllers.EmailChanges, 'update'])

    router
      .group(() => {
        router.get('account/export', [controllers.Accounts, 'export'])
        router
          .delete('account', [controllers.Accounts, 'destroy'])
          .use(middleware.reauthenticated())
      })
      .use(middleware.auth())

    /** Passkeys: signing in with one alone, and the account's own (add, list, rename, remove). */
    router.post('login/passkey/options', [controllers.PasskeyLogin, 'options'])
    router.post('login/passkey', [controllers.PasskeyLogin, 'store'])
    router
      .group(() => {
        router.get('passkeys', [controllers.Passkeys, 'index'])
        router
          .post('passkeys/options', [controllers.Passkeys, 'options'])
          .use(middleware.reauthenticated())
        router.post('passkeys', [controllers.Passkeys, 'store']).use(middleware.reauthenticated())
        router.patch('passkeys/:id', [controllers.Passkeys, 'update'])
        router
          .delete('passkeys/:id', [controllers.Passkeys, 'destroy'])
          .use(middleware.reauthenticated())
      })
      .use(middleware.auth())

    router
      .group(() => {
        router.get('sessions', [controllers.AccountSessions, 'index'])
        router.delete('sessions/:sessionId', [controllers.AccountSessions, 'destroy'])
        router
          .delete('sessions', [controllers.AccountSessions, 'clear'])
          .use(middleware.reauthenticated())
      })
      .use(middleware.auth())

    /**
     * Second factors and re-authentication; `reauthenticated` guards
     * the sensitive actions of an account with a second factor.
     */
    router
      .group(() => {
        router.get('two-factor', [controllers.TwoFactor, 'show'])
        router
          .post('two-factor/totp', [controllers.Totp, 'store'])
          .use(middleware.reauthenticated())
        router.post('two-factor/totp/confirm', [controllers.Totp, 'confirm'])
        router
          .delete('two-factor/totp', [controllers.Totp, 'destroy'])
          .use(middleware.reauthenticated())
        router
          .post('two-factor/recovery-codes', [controllers.RecoveryCodes, 'store'])
          .use(middleware.reauthenticated())
        router.post('reauthenticate', [controllers.Reauthentications, 'store'])
      })
      .use(middleware.auth())
  })
  .prefix('/auth')
  .use(middleware.sessionArea())

router
  .group(() => {
    router.get('/', [controllers.Organizations, 'index'])
    router.post('/', [controllers.Organizations, 'store'])
    router.get('/:organizationId', [controllers.Organizations, 'show'])
    router.patch('/:organizationId', [controllers.Organizations, 'update'])
    router
      .delete('/:organizationId', [controllers.Organizations, 'destroy'])
      .use(middleware.reauthenticated())
    router.get('/:organizationId/audit-log', [controllers.OrganizationAuditLog, 'index'])
    router.post('/:organizationId/leave', [controllers.OrganizationMembers, 'leave'])
    router
      .post('/:organizationId/ownership-transfer', [controllers.OrganizationMembers, 'transfer'])
      .use(middleware.reauthenticated())

    router.get('/:organizationId/members', [controllers.OrganizationMembers, 'index'])
    router.post('/:organizationId/members', [controllers.OrganizationMembers, 'store'])
    router.patch('/:organizationId/members/:userId', [controllers.OrganizationMembers, 'update'])
    router.delete('/:organizationId/members/:userId', [controllers.OrganizationMembers, 'destroy'])

    router.get('/:organizationId/invitations', [controllers.OrganizationInvitations, 'index'])
    router.post('/:organizationId/invitations', [controllers.OrganizationInvitations, 'store'])
    router.delete('/:organizationId/invitations/:invitationId', [
      controllers.OrganizationInvitations,
      'destroy',
    ])

    router.get('/:organizationId/events', [controllers.Events, 'index'])
    router.post('/:organizationId/events', [controllers.Events, 'store'])
    router.patch('/:organizationId/events/:id', [controllers.Events, 'update'])
    router.get('/:organizationId/events/:id', [controllers.Events, 'show'])
    router.delete('/:organizationId/events/:id', [controllers.Events, 'destroy'])
  })
  .prefix('/organizations')
  // Signed in first: an anonymous request never takes a place in a lane.
  .use(middleware.sessionArea({ signedIn: true, organizationLane: true }))

router
  .post('/invitations/accept', [controllers.OrganizationInvitations, 'accept'])
  .use(middleware.sessionArea({ signedIn: true }))
