/**
 * Generated from the API's OpenAPI document (app/api_docs/document.ts)
 * by `npm run client:generate`. Do not edit: a test fails when it differs
 * from what the document generates.
 */

export interface paths {
    "/auth/account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete the account with its current password (409 organization.last_owner, with meta.organizationIds, while it is the last owner of an organization with other members)
         * @description Needs the session cookie (set by signup or login). Rate limit: 100 requests a minute per signed-in user, 10 per IP address otherwise. For an account with a second factor, allowed within `REAUTH_MAX_AGE_SECONDS` (default 600) of the sign-in or of POST /auth/reauthenticate; else 403 `auth.reauthentication_required` with `meta.methods` and `meta.maxAgeSeconds`, whatever the body carries.
         */
        delete: operations["deleteAccount"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/account/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download everything the API holds about the account (one JSON file)
         * @description Needs the session cookie (set by signup or login). Rate limit: 100 requests a minute per signed-in user, 10 per IP address otherwise.
         */
        get: operations["exportAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/email/change": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move the account to a new address: a link (24 h) to it, a notice to the current one; nothing changes until the link is used
         * @description Needs the session cookie (set by signup or login). Rate limit: 6 requests an hour per account. For an account with a second factor, allowed within `REAUTH_MAX_AGE_SECONDS` (default 600) of the sign-in or of POST /auth/reauthenticate; else 403 `auth.reauthentication_required` with `meta.methods` and `meta.maxAgeSeconds`, whatever the body carries.
         */
        post: operations["requestEmailChange"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/email/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm a change of address with the emailed token (every other session ends)
         * @description Needs no session. Rate limit: 100 requests a minute per signed-in user, 10 per IP address otherwise.
         */
        post: operations["confirmEmailChange"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/email/verification": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Email a verification link
         * @description Needs the session cookie (set by signup or login). Rate limit: 6 requests an hour per account.
         */
        post: operations["sendVerificationEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/email/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Verify the address with an emailed token
         * @description Needs no session. Rate limit: 100 requests a minute per signed-in user, 10 per IP address otherwise.
         */
        post: operations["verifyEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in
         * @description Needs no session. An account with a second factor is not signed in yet: 401 `auth.second_factor_required` with `errors[0].meta.methods` (`totp`, `recovery_code`, `passkey`), and the session cookie set carries only the pending login, to finish with POST /auth/login/second-factor within 10 minutes. Rate limit: 100 requests a minute per signed-in user, 10 per IP address otherwise; 5 failures per email and IP in a minute → 429 for 15 minutes.
         */
        post: operations["logIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/login/passkey": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with a passkey alone (no email): the account whose passkey answered, under a new session; with user verification it counts as two factors
         * @description Needs no session. Rate limit: 100 requests a minute per signed-in user, 10 per IP address otherwise.
         */
        post: operations["logInWithPasskey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/login/passkey/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Options for signing in with a passkey (`startAuthentication`); the challenge is good once, for 5 minutes
         * @description Needs no session. Rate limit: 100 requests a minute per signed-in user, 10 per IP address otherwise.
         */
        post: operations["passkeyLoginOptions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/login/second-factor": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Finish a password login with a second factor: `{ code }` or `{ recoveryCode }`
         * @description After POST /auth/login answered 401 `auth.second_factor_required`, in the same session (its cookie), within 10 minutes. A wrong code: 401 `auth.second_factor_invalid`; after 5 wrong codes the pending login is dead (429 until it expires, then 401 `auth.second_factor_expired`: sign in with the password again); 10 wrong codes in a row lock the account’s second-factor attempts for 15 minutes (429, Retry-After). Rate limit: 100 requests a minute per signed-in user, 10 per IP address otherwise.
         */
        post: operations["finishLogin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign out
         * @description Needs the session cookie (set by signup or login). Rate limit: 100 requests a minute per signed-in user, 10 per IP address otherwise.
         */
        post: operations["logOut"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The signed-in account
         * @description Needs the session cookie (set by signup or login). Rate limit: 100 requests a minute per signed-in user, 10 per IP address otherwise.
         */
        get: operations["getProfile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change the name or the language of the account
         * @description Needs the session cookie (set by signup or login). Rate limit: 100 requests a minute per signed-in user, 10 per IP address otherwise.
         */
        patch: operations["updateProfile"];
        trace?: never;
    };
    "/auth/passkeys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The passkeys of the account, oldest first
         * @description Needs the session cookie (set by signup or login). Rate limit: 100 requests a minute per signed-in user, 10 per IP address otherwise.
         */
        get: operations["listPasskeys"];
        put?: never;
        /**
         * Add the passkey `startRegistration` created (named `Passkey <date>` unless named); the account is emailed
         * @description Needs the session cookie. A response that does not verify against options this account asked for within 5 minutes (challenge, origin, relying party, user verification, algorithm) is 400 `input.response.invalid`; a passkey already registered is 409. For an account with a second factor, allowed within `REAUTH_MAX_AGE_SECONDS` (default 600) of the sign-in or of POST /auth/reauthenticate; else 403 `auth.reauthentication_required` with `meta.methods` and `meta.maxAgeSeconds`, whatever the body carries.
         */
        post: operations["addPasskey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/passkeys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a passkey of the account: it can no longer sign in; the account is emailed
         * @description Needs the session cookie (set by signup or login). Rate limit: 100 requests a minute per signed-in user, 10 per IP address otherwise. For an account with a second factor, allowed within `REAUTH_MAX_AGE_SECONDS` (default 600) of the sign-in or of POST /auth/reauthenticate; else 403 `auth.reauthentication_required` with `meta.methods` and `meta.maxAgeSeconds`, whatever the body carries.
         */
        delete: operations["removePasskey"];
        options?: never;
        head?: never;
        /**
         * Rename a passkey of the account
         * @description Needs the session cookie (set by signup or login). Rate limit: 100 requests a minute per signed-in user, 10 per IP address otherwise.
         */
        patch: operations["renamePasskey"];
        trace?: never;
    };
    "/auth/passkeys/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Options for adding a passkey (`startRegistration`): discoverable, user verification required, the account’s passkeys excluded; the challenge is good once, for 5 minutes
         * @description Needs the session cookie (set by signup or login). Rate limit: 100 requests a minute per signed-in user, 10 per IP address otherwise. For an account with a second factor, allowed within `REAUTH_MAX_AGE_SECONDS` (default 600) of the sign-in or of POST /auth/reauthenticate; else 403 `auth.reauthentication_required` with `meta.methods` and `meta.maxAgeSeconds`, whatever the body carries.
         */
        post: operations["passkeyRegistrationOptions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change the password (this session continues, the others end)
         * @description Needs the session cookie (set by signup or login). Rate limit: 100 requests a minute per signed-in user, 10 per IP address otherwise. For an account with a second factor, allowed within `REAUTH_MAX_AGE_SECONDS` (default 600) of the sign-in or of POST /auth/reauthenticate; else 403 `auth.reauthentication_required` with `meta.methods` and `meta.maxAgeSeconds`, whatever the body carries.
         */
        put: operations["changePassword"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/password/forgot": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Email a password reset link (same answer whether or not the account exists)
         * @description Needs no session. Rate limit: 10 requests a minute per IP address.
         */
        post: operations["requestPasswordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/password/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set a new password with an emailed token (every session ends)
         * @description Needs no session. Rate limit: 100 requests a minute per signed-in user, 10 per IP address otherwise.
         */
        post: operations["resetPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/reauthenticate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Prove who you are again, for sensitive actions: `{ password }`, `{ code }`, `{ recoveryCode }` or `{ passkeyResponse }` (to options from POST /auth/login/passkey/options)
         * @description Needs the session cookie. Opens the window of `REAUTH_MAX_AGE_SECONDS` for this session. A wrong proof: 401 `auth.reauthentication_failed`; 5 a minute per account and IP (with wrong current passwords) → 429 for 15 minutes. Rate limit: 100 requests a minute per signed-in user, 10 per IP address otherwise.
         */
        post: operations["reauthenticate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The sessions of the account
         * @description Needs the session cookie (set by signup or login). Rate limit: 100 requests a minute per signed-in user, 10 per IP address otherwise.
         */
        get: operations["listSessions"];
        put?: never;
        post?: never;
        /**
         * End every session but the current one
         * @description Needs the session cookie (set by signup or login). Rate limit: 100 requests a minute per signed-in user, 10 per IP address otherwise. For an account with a second factor, allowed within `REAUTH_MAX_AGE_SECONDS` (default 600) of the sign-in or of POST /auth/reauthenticate; else 403 `auth.reauthentication_required` with `meta.methods` and `meta.maxAgeSeconds`, whatever the body carries.
         */
        delete: operations["endOtherSessions"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/sessions/{sessionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * End one session, everywhere
         * @description Needs the session cookie. Ending the current session signs this client out; ending another is a sensitive action. For an account with a second factor, allowed within `REAUTH_MAX_AGE_SECONDS` (default 600) of the sign-in or of POST /auth/reauthenticate; else 403 `auth.reauthentication_required` with `meta.methods` and `meta.maxAgeSeconds`, whatever the body carries. Rate limit: 100 requests a minute per signed-in user, 10 per IP address otherwise.
         */
        delete: operations["endSession"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/signup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an account and sign in
         * @description Needs no session. Rate limit: 100 requests a minute per signed-in user, 10 per IP address otherwise.
         */
        post: operations["signUp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/two-factor": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The second factors of the account
         * @description Needs the session cookie (set by signup or login). Rate limit: 100 requests a minute per signed-in user, 10 per IP address otherwise.
         */
        get: operations["getTwoFactorStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/two-factor/recovery-codes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ten new recovery codes, shown once; the old ones stop working
         * @description Needs the session cookie. Without a confirmed authenticator app: 409 `common.resource.conflict`. Rate limit: 100 requests a minute per signed-in user, 10 per IP address otherwise. For an account with a second factor, allowed within `REAUTH_MAX_AGE_SECONDS` (default 600) of the sign-in or of POST /auth/reauthenticate; else 403 `auth.reauthentication_required` with `meta.methods` and `meta.maxAgeSeconds`, whatever the body carries.
         */
        post: operations["regenerateRecoveryCodes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/two-factor/totp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start setting up an authenticator app: a new secret, not active until confirmed (replaces a setup not confirmed)
         * @description Needs the session cookie and the current password (wrong: 400 `input.currentPassword.invalid`, throttled like logins). With an authenticator already confirmed: 409 `common.resource.conflict` (remove it first). Rate limit: 100 requests a minute per signed-in user, 10 per IP address otherwise. For an account with a second factor, allowed within `REAUTH_MAX_AGE_SECONDS` (default 600) of the sign-in or of POST /auth/reauthenticate; else 403 `auth.reauthentication_required` with `meta.methods` and `meta.maxAgeSeconds`, whatever the body carries.
         */
        post: operations["setUpTotp"];
        /**
         * Remove the authenticator app and the recovery codes
         * @description Needs the session cookie. The account is emailed when this leaves it without a second factor. Rate limit: 100 requests a minute per signed-in user, 10 per IP address otherwise. For an account with a second factor, allowed within `REAUTH_MAX_AGE_SECONDS` (default 600) of the sign-in or of POST /auth/reauthenticate; else 403 `auth.reauthentication_required` with `meta.methods` and `meta.maxAgeSeconds`, whatever the body carries.
         */
        delete: operations["removeTotp"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/two-factor/totp/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Turn the authenticator app on with a code from it; answers 10 recovery codes, shown once
         * @description Needs the session cookie. A wrong code: 400 `input.code.invalid`; no setup waiting to be confirmed: 409 `common.resource.conflict`. The account is emailed when it had no second factor before. Rate limit: 100 requests a minute per signed-in user, 10 per IP address otherwise.
         */
        post: operations["confirmTotp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/docs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A viewer of this document (outside production)
         * @description Needs no session.
         */
        get: operations["getDocsPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/docs/viewer.js": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The viewer’s script
         * @description Needs no session.
         */
        get: operations["getDocsViewer"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Health report (the full report with the monitoring secret)
         * @description Open to anyone; the monitoring secret (`x-monitoring-secret`) unlocks the full report.
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health/live": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness: the process serves requests
         * @description Needs no session.
         */
        get: operations["getLiveness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Readiness: 503 until the start-up gate opens, from the first moment of a drain (SIGTERM), and while a dependency does not answer (probe cached up to 1 s)
         * @description Needs no session.
         */
        get: operations["getReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/invitations/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Accept an invitation as the invited, signed-in account
         * @description Needs the session cookie (set by signup or login). Rate limit: 100 requests a minute per signed-in user, 10 per IP address otherwise.
         */
        post: operations["acceptInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Prometheus metrics (Authorization: Bearer <MONITORING_SECRET>)
         * @description Needs the monitoring secret as a bearer token (`Authorization: Bearer <MONITORING_SECRET>`); 404 when none is configured.
         */
        get: operations["getMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/newsletter/challenge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A proof-of-work challenge for the subscribe form’s ALTCHA widget
         * @description Needs no session. Only when the proof of work is on (`NEWSLETTER_CAPTCHA=altcha`; 404 otherwise). The challenge itself, as the widget reads it (not in `data`), signed with `NEWSLETTER_ALTCHA_HMAC_KEY`, good for 10 minutes and for one subscribe; never cached (`Cache-Control: no-store`). Rate limit: 60 requests a minute per IP address.
         */
        get: operations["getNewsletterChallenge"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/newsletter/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The confirmation link (double opt-in): a page with a button, or JSON when asked (changes nothing)
         * @description Needs no session. Rate limit: 60 requests a minute per IP address.
         */
        get: operations["getNewsletterConfirmation"];
        put?: never;
        /**
         * Confirm a subscription (double opt-in): subscribed, then the welcome email; idempotent
         * @description The token of the confirmation email's link, as JSON `{ token }` or in the query string (the confirmation page's form posts it there). The contact is subscribed and its welcome email sent; again, the same 200 and nothing sent. If the welcome email cannot be sent: 500 and the contact stays unconfirmed, so the link works again. Needs no session. Rate limit: 60 requests a minute per IP address.
         */
        post: operations["confirmNewsletterSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/newsletter/subscribe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Subscribe to the newsletter (sends a welcome email; with double opt-in, a confirmation email)
         * @description Needs no session. Rate limits: 30 requests a minute per IP address (off in tests, as the spec says); with `NEWSLETTER_ADDRESS_LIMIT` / `NEWSLETTER_DOMAIN_LIMIT`, attempts per address (`+tags` count as the address) and per domain, 429 past them (with double opt-in, the 202 and nothing sent). With `NEWSLETTER_HONEYPOT_FIELD`, a body that fills that member is answered as a success and nothing is done. With `NEWSLETTER_CAPTCHA=altcha`, `altcha` must carry a solution of GET /newsletter/challenge, each accepted once (403 otherwise). A bad `email` is the 422 before any of these.
         */
        post: operations["subscribeToNewsletter"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/newsletter/unsubscribe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The unsubscribe link: a page with a button, or JSON when asked (changes nothing)
         * @description Needs no session. Rate limit: 300 requests a minute per IP address.
         */
        get: operations["getNewsletterUnsubscription"];
        put?: never;
        /**
         * Unsubscribe (RFC 8058 one-click: `List-Unsubscribe=One-Click` form body, or none); idempotent
         * @description Needs no session. Rate limit: 300 requests a minute per IP address.
         */
        post: operations["unsubscribeFromNewsletter"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This document
         * @description Needs no session.
         */
        get: operations["getOpenApiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The organizations the caller belongs to
         * @description Needs the session cookie (set by signup or login). Rate limit: 100 requests a minute per signed-in user, 10 per IP address otherwise.
         */
        get: operations["listOrganizations"];
        put?: never;
        /**
         * Create an organization (the caller becomes its owner)
         * @description Needs the session cookie (set by signup or login). Rate limit: 100 requests a minute per signed-in user, 10 per IP address otherwise.
         */
        post: operations["createOrganization"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizations/{organizationId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One organization
         * @description Needs the session cookie (set by signup or login). Rate limit: 100 requests a minute per signed-in user, 10 per IP address otherwise.
         */
        get: operations["getOrganization"];
        put?: never;
        post?: never;
        /**
         * Delete the organization with its members, invitations, events, idempotency records and audit log: owners
         * @description Needs the session cookie (set by signup or login). Rate limit: 100 requests a minute per signed-in user, 10 per IP address otherwise. For an account with a second factor, allowed within `REAUTH_MAX_AGE_SECONDS` (default 600) of the sign-in or of POST /auth/reauthenticate; else 403 `auth.reauthentication_required` with `meta.methods` and `meta.maxAgeSeconds`, whatever the body carries.
         */
        delete: operations["deleteOrganization"];
        options?: never;
        head?: never;
        /**
         * Rename the organization (owners and admins), require two factors of its members (owners), or both
         * @description Needs the session cookie (set by signup or login). Rate limit: 100 requests a minute per signed-in user, 10 per IP address otherwise.
         */
        patch: operations["updateOrganization"];
        trace?: never;
    };
    "/organizations/{organizationId}/audit-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Who did what, newest first (keyset pagination): owners and admins
         * @description Needs the session cookie (set by signup or login). Rate limit: 100 requests a minute per signed-in user, 10 per IP address otherwise.
         */
        get: operations["listAuditLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizations/{organizationId}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List events (keyset pagination)
         * @description Needs the session cookie (set by signup or login). Rate limit: 100 requests a minute per signed-in user, 10 per IP address otherwise.
         */
        get: operations["listEvents"];
        put?: never;
        /**
         * Create an event
         * @description Needs the session cookie (set by signup or login). Rate limit: 100 requests a minute per signed-in user, 10 per IP address otherwise.
         */
        post: operations["createEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizations/{organizationId}/events/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One event
         * @description Needs the session cookie (set by signup or login). Rate limit: 100 requests a minute per signed-in user, 10 per IP address otherwise.
         */
        get: operations["getEvent"];
        put?: never;
        post?: never;
        /**
         * Delete an event and its address
         * @description Needs the session cookie (set by signup or login). Rate limit: 100 requests a minute per signed-in user, 10 per IP address otherwise.
         */
        delete: operations["deleteEvent"];
        options?: never;
        head?: never;
        /**
         * Change an event (partial; metadata merged)
         * @description Needs the session cookie (set by signup or login). Rate limit: 100 requests a minute per signed-in user, 10 per IP address otherwise.
         */
        patch: operations["updateEvent"];
        trace?: never;
    };
    "/organizations/{organizationId}/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Pending invitations
         * @description Needs the session cookie (set by signup or login). Rate limit: 100 requests a minute per signed-in user, 10 per IP address otherwise.
         */
        get: operations["listInvitations"];
        put?: never;
        /**
         * Invite an address by email (link valid 7 days): owners and admins
         * @description Needs the session cookie (set by signup or login). Rate limit: 100 requests a minute per signed-in user, 10 per IP address otherwise.
         */
        post: operations["createInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizations/{organizationId}/invitations/{invitationId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an invitation (its link dies): owners, admins for non-owner ones
         * @description Needs the session cookie (set by signup or login). Rate limit: 100 requests a minute per signed-in user, 10 per IP address otherwise.
         */
        delete: operations["revokeInvitation"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizations/{organizationId}/leave": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Leave the organization (not as its last owner; also without the second factor it requires)
         * @description Needs the session cookie (set by signup or login). Rate limit: 100 requests a minute per signed-in user, 10 per IP address otherwise.
         */
        post: operations["leaveOrganization"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizations/{organizationId}/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Members of an organization (owners and admins also see `twoFactorEnabled`)
         * @description Needs the session cookie (set by signup or login). Rate limit: 100 requests a minute per signed-in user, 10 per IP address otherwise.
         */
        get: operations["listMembers"];
        put?: never;
        /**
         * Add an existing account as a member, with a role: owners and admins
         * @description Needs the session cookie (set by signup or login). Rate limit: 100 requests a minute per signed-in user, 10 per IP address otherwise.
         */
        post: operations["addMember"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizations/{organizationId}/members/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a member (never the last owner; removing oneself is leaving)
         * @description Needs the session cookie (set by signup or login). Rate limit: 100 requests a minute per signed-in user, 10 per IP address otherwise.
         */
        delete: operations["removeMember"];
        options?: never;
        head?: never;
        /**
         * Change a member’s role: owners any, admins non-owners to admin or member
         * @description Needs the session cookie (set by signup or login). Rate limit: 100 requests a minute per signed-in user, 10 per IP address otherwise.
         */
        patch: operations["changeMemberRole"];
        trace?: never;
    };
    "/organizations/{organizationId}/ownership-transfer": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make a member owner and the caller admin, in one step: owners
         * @description Needs the session cookie (set by signup or login). Rate limit: 100 requests a minute per signed-in user, 10 per IP address otherwise. For an account with a second factor, allowed within `REAUTH_MAX_AGE_SECONDS` (default 600) of the sign-in or of POST /auth/reauthenticate; else 403 `auth.reauthentication_required` with `meta.methods` and `meta.maxAgeSeconds`, whatever the body carries.
         */
        post: operations["transferOwnership"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description Everything the API holds about the account, each kind of record as the route that lists it answers it; never a password or token hash */
        AccountExport: {
            /** @description Entries where the account is the actor or the target, oldest first */
            auditLog: {
                entry: components["schemas"]["AuditEntry"];
                /** Format: uuid */
                organizationId: string;
            }[];
            /** Format: date-time */
            exportedAt: string;
            invitationsReceived: components["schemas"]["ScopedInvitation"][];
            invitationsSent: components["schemas"]["ScopedInvitation"][];
            /** @description The organizations, each with the account's role, as GET /organizations lists them */
            memberships: components["schemas"]["Organization"][];
            newsletter: {
                confirmedAt?: string | null;
                confirmIp?: string | null;
                confirmUserAgent?: string | null;
                consentedAt: string | null;
                consentIp?: string | null;
                /** @description How consent was given: through the API in one step, or double opt-in */
                consentMethod?: ("api" | "double_opt_in") | null;
                consentOrigin?: string | null;
                consentReferer?: string | null;
                consentUserAgent?: string | null;
                email: string;
                /** @enum {unknown} */
                status: "pending" | "unconfirmed" | "subscribed" | "unsubscribed";
                /** Format: date-time */
                subscribedAt: string;
                unsubscribedAt?: string | null;
                unsubscribedVia?: string | null;
            } | null;
            /** @description As GET /auth/passkeys lists them: never a credential id or a public key */
            passkeys: components["schemas"]["Passkey"][];
            pendingEmailChange: {
                email: string;
                /** Format: date-time */
                expiresAt: string;
            } | null;
            profile: components["schemas"]["User"];
            sessions: components["schemas"]["AccountSession"][];
            /** Format: date-time */
            signedUpAt: string;
        };
        AccountSession: {
            /** Format: date-time */
            createdAt: string;
            current: boolean;
            /** @description Not the cookie value */
            id: string;
            ipAddress: string | null;
            /**
             * Format: date-time
             * @description May lag by up to 5 minutes
             */
            lastSeenAt: string;
            userAgent: string | null;
        };
        Address: {
            city: string;
            country: string | null;
            postalCode: string | null;
            state: string | null;
            streetAddress: string | null;
            streetAddress2: string | null;
        };
        /** @description A proof-of-work challenge for the ALTCHA widget (the `altcha` package): the widget solves it and puts its payload in the form as `altcha`, for POST /newsletter/subscribe */
        AltchaChallenge: {
            /** @description What the widget works on (ALTCHA PoW v2), covered by the signature */
            parameters: {
                /** @enum {unknown} */
                algorithm: "PBKDF2/SHA-256";
                /**
                 * Format: int32
                 * @description Key derivation iterations per attempt
                 */
                cost: number;
                /**
                 * Format: int64
                 * @description Unix time (seconds) after which a solution is refused
                 */
                expiresAt: number;
                /** Format: int32 */
                keyLength: number;
                keyPrefix: string;
                keySignature: string;
                nonce: string;
                salt: string;
            };
            signature: string;
        };
        AuditEntry: {
            /** @enum {unknown} */
            action: "organization.created" | "organization.renamed" | "member.added" | "member.removed" | "member.left" | "member.role_changed" | "ownership.transferred" | "invitation.created" | "invitation.revoked" | "invitation.accepted" | "event.deleted" | "organization.two_factor_requirement_changed";
            actor: {
                /** @description A copy taken at the time */
                email: string | null;
                /** Format: uuid */
                userId: string;
            };
            details: {
                /** @enum {unknown} */
                fromRole?: "owner" | "admin" | "member";
                name?: string;
                /** @description `organization.two_factor_requirement_changed`: the new requirement */
                requireTwoFactor?: boolean;
                /** @enum {unknown} */
                role?: "owner" | "admin" | "member";
                /** @enum {unknown} */
                toRole?: "owner" | "admin" | "member";
            };
            /** Format: uuid */
            id: string;
            /** Format: date-time */
            occurredAt: string;
            target: {
                email?: string | null;
                /** Format: uuid */
                id: string;
                /** @enum {unknown} */
                type: "user" | "invitation" | "organization" | "event";
            };
        };
        Error: {
            errors: {
                /** @description Stable; never changes with the language */
                code: string;
                field?: string;
                /** @description Human text in the caller’s language; outside production a 500 quotes the failure */
                message: string;
                /** @description Only where the contract names it */
                meta?: {
                    /**
                     * Format: int32
                     * @description `auth.reauthentication_required`: how recent a sign-in must be
                     */
                    maxAgeSeconds?: number;
                    /** @description `auth.second_factor_required` and `auth.reauthentication_required`: the ways the account can prove itself */
                    methods?: ("password" | "totp" | "recovery_code" | "passkey")[];
                    /** @description 409 `organization.last_owner` on DELETE /auth/account: the organizations the account is the last owner of */
                    organizationIds?: string[];
                };
                rule?: string;
            }[];
        };
        Event: {
            address: components["schemas"]["Address"] | null;
            /** Format: date-time */
            createdAt: string;
            description: string | null;
            /** @enum {unknown} */
            eventType: "ONE_OFF" | "RECURRING";
            /** Format: uuid */
            id: string;
            /** @description Every member optional; a member set to null by PATCH is removed */
            metadata: {
                budgetRange?: {
                    /** @description ISO 4217; CAD when the range was given without one */
                    currency?: string;
                    /**
                     * Format: double
                     * @description Dollars
                     */
                    max?: number;
                    /**
                     * Format: double
                     * @description Dollars
                     */
                    min?: number;
                };
                /** @enum {unknown} */
                category?: "wedding" | "birthday" | "graduation" | "proposal" | "other";
                /** @description Meant for category `other` */
                customCategory?: string;
                guestCount?: {
                    /** Format: int32 */
                    approximate?: number;
                    /** Format: int32 */
                    max?: number;
                    /** Format: int32 */
                    min?: number;
                };
            };
            name: string;
            /** Format: uuid */
            organizationId: string;
            /** @enum {unknown} */
            status: "BACKLOG" | "PLANNING" | "PLANNED" | "IN_PROGRESS" | "COMPLETED" | "CANCELLED";
            targetDate: string | null;
            /** Format: date-time */
            updatedAt: string;
        };
        Health: {
            checks?: {
                /** Format: date-time */
                finishedAt: string;
                isCached?: boolean;
                message: string;
                /** @description What the check measured; its members depend on the check */
                meta?: {
                    [key: string]: unknown;
                };
                /** @description e.g. `disk_space`, `database`, `redis` */
                name: string;
                /** @enum {unknown} */
                status: "ok" | "warning" | "error";
            }[];
            /** @description The process: only with the monitoring secret */
            debugInfo?: {
                /** Format: int32 */
                pid?: number;
                platform?: string;
                /** Format: int32 */
                ppid?: number;
                /**
                 * Format: double
                 * @description Seconds
                 */
                uptime?: number;
                /** @description Node.js */
                version?: string;
            };
            /** Format: date-time */
            finishedAt?: string;
            isHealthy: boolean;
            /** @enum {unknown} */
            status: "ok" | "error";
        };
        Invitation: {
            /** Format: date-time */
            createdAt: string;
            email: string;
            /** Format: date-time */
            expiresAt: string;
            /** Format: uuid */
            id: string;
            invitedBy: {
                email: string;
                /** Format: uuid */
                userId: string;
            } | null;
            /**
             * @description Given on acceptance
             * @enum {unknown}
             */
            role: "owner" | "admin" | "member";
        };
        Member: {
            email: string;
            fullName: string | null;
            /** Format: date-time */
            joinedAt: string;
            /** @enum {unknown} */
            role: "owner" | "admin" | "member";
            /** @description Whether the account has a second factor: in the list of members, for owners and admins only */
            twoFactorEnabled?: boolean;
            /** Format: uuid */
            userId: string;
        };
        Messages: {
            messages: {
                title: string;
            }[];
        };
        Organization: {
            /** Format: date-time */
            createdAt: string;
            /** Format: uuid */
            id: string;
            name: string;
            /** @description Members whose account has no second factor get 403 `organization.two_factor_required` on its routes until it has one */
            requireTwoFactor: boolean;
            /**
             * @description The caller’s role in it
             * @enum {unknown}
             */
            role: "owner" | "admin" | "member";
            /** Format: date-time */
            updatedAt: string;
        };
        Passkey: {
            /** @description Synced to a provider’s cloud (e.g. a password manager) */
            backedUp: boolean;
            /** Format: date-time */
            createdAt: string;
            /**
             * @description Whether it can be backed up and synced to other devices
             * @enum {unknown}
             */
            deviceType: "singleDevice" | "multiDevice";
            /** Format: uuid */
            id: string;
            /** @description The last sign-in with it */
            lastUsedAt: string | null;
            name: string;
        };
        /** @description PublicKeyCredentialCreationOptionsJSON: what `startRegistration({ optionsJSON })` of @simplewebauthn/browser takes */
        PasskeyCreationOptions: {
            /** @enum {unknown} */
            attestation: "none";
            authenticatorSelection: {
                requireResidentKey: boolean;
                /** @enum {unknown} */
                residentKey: "required";
                /** @enum {unknown} */
                userVerification: "required";
            };
            challenge: string;
            /** @description The account’s passkeys, so an authenticator does not register twice */
            excludeCredentials: {
                id: string;
                transports?: string[];
                /** @enum {unknown} */
                type: "public-key";
            }[];
            extensions?: {
                credProps?: boolean;
            };
            hints?: ("security-key" | "client-device" | "hybrid")[];
            pubKeyCredParams: {
                /**
                 * Format: int32
                 * @description EdDSA (-8), ES256 (-7), RS256 (-257)
                 * @enum {integer}
                 */
                alg: -8 | -7 | -257;
                /** @enum {unknown} */
                type: "public-key";
            }[];
            rp: {
                id: string;
                name: string;
            };
            /** Format: int32 */
            timeout: number;
            user: {
                displayName: string;
                id: string;
                name: string;
            };
        };
        /** @description PublicKeyCredentialRequestOptionsJSON: what `startAuthentication({ optionsJSON })` of @simplewebauthn/browser takes */
        PasskeyRequestOptions: {
            /** @description Empty: any passkey of the relying party may answer (discoverable) */
            allowCredentials: {
                id: string;
                transports?: string[];
                /** @enum {unknown} */
                type: "public-key";
            }[];
            challenge: string;
            rpId: string;
            /** Format: int32 */
            timeout: number;
            /** @enum {unknown} */
            userVerification: "required";
        };
        RecoveryCodes: {
            /** @description Ten single-use codes (`xxxx-xxxx-xxxx`), shown this once; case, spaces and dashes do not matter when typed */
            recoveryCodes: string[];
        };
        ScopedInvitation: {
            invitation: components["schemas"]["Invitation"];
            /** Format: uuid */
            organizationId: string;
        };
        TotpSetup: {
            /** @description The same as an `otpauth://totp/...` URI, for a QR code */
            otpauthUri: string;
            /** @description The secret (Base32), for typing into an authenticator app */
            secret: string;
        };
        TwoFactorStatus: {
            /**
             * Format: int32
             * @description Passkeys of the account
             */
            passkeys: number;
            /**
             * Format: int32
             * @description Recovery codes not yet used
             */
            recoveryCodesRemaining: number;
            /** @description An authenticator app is set up and confirmed */
            totp: boolean;
        };
        User: {
            email: string;
            emailVerifiedAt: string | null;
            fullName: string | null;
            /** Format: uuid */
            id: string;
            locale: ("en" | "fr") | null;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description CORS: the calling page’s `Origin`, echoed when it is one of `CORS_ORIGINS` (with `Access-Control-Allow-Credentials: true`); absent otherwise, so a page elsewhere cannot read the answer */
        "Access-Control-Allow-Origin": string;
        /** @description The language of the text: `en` or `fr` (Canadian French) */
        "Content-Language": "en" | "fr";
        /** @description Version of the event (a strong validator, quoted), for If-Match and If-None-Match */
        ETag: string;
        /** @description Seconds until the window lets a request in again */
        "Retry-After": number;
        /** @description Seconds after which the dependency may be back */
        "Retry-After-Unavailable": number;
        /** @description `Origin` (CORS), `Accept-Language` where the body has text, `Origin, Sec-Fetch-Site` on the routes of a session (the origin guard) */
        Vary: string;
        /** @description Includes `Accept-Language`: the text depends on it */
        "Vary-Accept-Language": string;
        /** @description Requests the route’s limit allows in its window (the operation’s description names the limit) */
        "X-RateLimit-Limit": number;
        /** @description Requests left in the window */
        "X-RateLimit-Remaining": number;
        /** @description The request id: the caller’s `X-Request-Id` when it sent a sane one (1-128 of `A-Za-z0-9_.:+/=-`), else a new UUID. The log has it; quote it when reporting a problem */
        "X-Request-Id": string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    deleteAccount: {
        parameters: {
            query?: never;
            header?: {
                /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                "Accept-Language"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    currentPassword: string;
                };
            };
        };
        responses: {
            /** @description Deleted; every session of the account has ended */
            204: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    Vary: components["headers"]["Vary"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`), or the URL is not valid percent-encoding (`input.url.invalid`) */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session (`auth.unauthenticated`) */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`), or a re-authentication needed (`auth.reauthentication_required`, with `meta.methods` and `meta.maxAgeSeconds`) */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`input.body.too_large`) */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type or encoding */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure (`common.server.internal`) */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency is down, a statement ran past DB_STATEMENT_TIMEOUT_MS, or the organization already uses its share of the database (`common.service.unavailable`), with Retry-After */
            503: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After-Unavailable"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    exportAccount: {
        parameters: {
            query?: never;
            header?: {
                /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                "Accept-Language"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The export, as an attachment */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    /** @description attachment; filename="account-<date>.json" */
                    "Content-Disposition": string;
                    Vary: components["headers"]["Vary"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AccountExport"];
                    };
                };
            };
            /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`), or the URL is not valid percent-encoding (`input.url.invalid`) */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session (`auth.unauthenticated`) */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure (`common.server.internal`) */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency is down, a statement ran past DB_STATEMENT_TIMEOUT_MS, or the organization already uses its share of the database (`common.service.unavailable`), with Retry-After */
            503: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After-Unavailable"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    requestEmailChange: {
        parameters: {
            query?: never;
            header?: {
                /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                "Accept-Language"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    currentPassword: string;
                    /** @description An email address; surrounding spaces are trimmed, letters lower-cased */
                    email: string;
                };
            };
        };
        responses: {
            /** @description Accepted (the same whether or not the address has an account) */
            202: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    Vary: components["headers"]["Vary"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Messages"];
                };
            };
            /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`), or the URL is not valid percent-encoding (`input.url.invalid`) */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session (`auth.unauthenticated`) */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`), or a re-authentication needed (`auth.reauthentication_required`, with `meta.methods` and `meta.maxAgeSeconds`) */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`input.body.too_large`) */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type or encoding */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure (`common.server.internal`) */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency is down, a statement ran past DB_STATEMENT_TIMEOUT_MS, or the organization already uses its share of the database (`common.service.unavailable`), with Retry-After */
            503: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After-Unavailable"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    confirmEmailChange: {
        parameters: {
            query?: never;
            header?: {
                /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                "Accept-Language"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    token: string;
                };
            };
        };
        responses: {
            /** @description The account at its new, verified address */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    Vary: components["headers"]["Vary"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["User"];
                    };
                };
            };
            /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`), or the URL is not valid percent-encoding (`input.url.invalid`) */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`) */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`input.body.too_large`) */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type or encoding */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure (`common.server.internal`) */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency is down, a statement ran past DB_STATEMENT_TIMEOUT_MS, or the organization already uses its share of the database (`common.service.unavailable`), with Retry-After */
            503: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After-Unavailable"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    sendVerificationEmail: {
        parameters: {
            query?: never;
            header?: {
                /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                "Accept-Language"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Messages"];
                };
            };
            /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`), or the URL is not valid percent-encoding (`input.url.invalid`) */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session (`auth.unauthenticated`) */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`) */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type or encoding */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure (`common.server.internal`) */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency is down, a statement ran past DB_STATEMENT_TIMEOUT_MS, or the organization already uses its share of the database (`common.service.unavailable`), with Retry-After */
            503: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After-Unavailable"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    verifyEmail: {
        parameters: {
            query?: never;
            header?: {
                /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                "Accept-Language"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    token: string;
                };
            };
        };
        responses: {
            /** @description Verified */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    Vary: components["headers"]["Vary"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["User"];
                    };
                };
            };
            /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`), or the URL is not valid percent-encoding (`input.url.invalid`) */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`) */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`input.body.too_large`) */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type or encoding */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure (`common.server.internal`) */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency is down, a statement ran past DB_STATEMENT_TIMEOUT_MS, or the organization already uses its share of the database (`common.service.unavailable`), with Retry-After */
            503: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After-Unavailable"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    logIn: {
        parameters: {
            query?: never;
            header?: {
                /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                "Accept-Language"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Signed in; sets the session cookie */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    Vary: components["headers"]["Vary"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["User"];
                    };
                };
            };
            /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`), or the URL is not valid percent-encoding (`input.url.invalid`) */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A second factor is needed (`auth.second_factor_required`, with `meta.methods`); sets the session cookie of the pending login */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`) */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`input.body.too_large`) */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type or encoding */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure (`common.server.internal`) */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency is down, a statement ran past DB_STATEMENT_TIMEOUT_MS, or the organization already uses its share of the database (`common.service.unavailable`), with Retry-After */
            503: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After-Unavailable"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    logInWithPasskey: {
        parameters: {
            query?: never;
            header?: {
                /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                "Accept-Language"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    response: {
                        /** @enum {unknown} */
                        authenticatorAttachment?: "platform" | "cross-platform";
                        id: string;
                        rawId: string;
                        response: {
                            authenticatorData: string;
                            clientDataJSON: string;
                            signature: string;
                            userHandle?: string | null;
                        };
                        /** @enum {unknown} */
                        type: "public-key";
                    };
                };
            };
        };
        responses: {
            /** @description Signed in; sets the session cookie */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    Vary: components["headers"]["Vary"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["User"];
                    };
                };
            };
            /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`), or the URL is not valid percent-encoding (`input.url.invalid`) */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The passkey could not be verified (`auth.passkey_invalid`): unknown credential, wrong, spent or expired challenge, bad signature, no user verification, or a signature counter that went backwards */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`) */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`input.body.too_large`) */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type or encoding */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure (`common.server.internal`) */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency is down, a statement ran past DB_STATEMENT_TIMEOUT_MS, or the organization already uses its share of the database (`common.service.unavailable`), with Retry-After */
            503: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After-Unavailable"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    passkeyLoginOptions: {
        parameters: {
            query?: never;
            header?: {
                /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                "Accept-Language"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The options */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    Vary: components["headers"]["Vary"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["PasskeyRequestOptions"];
                    };
                };
            };
            /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`), or the URL is not valid percent-encoding (`input.url.invalid`) */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`) */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type or encoding */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure (`common.server.internal`) */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency is down, a statement ran past DB_STATEMENT_TIMEOUT_MS, or the organization already uses its share of the database (`common.service.unavailable`), with Retry-After */
            503: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After-Unavailable"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    finishLogin: {
        parameters: {
            query?: never;
            header?: {
                /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                "Accept-Language"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    code?: string;
                    recoveryCode?: string;
                };
            };
        };
        responses: {
            /** @description Signed in under a new session id; sets the session cookie */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    Vary: components["headers"]["Vary"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["User"];
                    };
                };
            };
            /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`), or the URL is not valid percent-encoding (`input.url.invalid`) */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A wrong or already used code (`auth.second_factor_invalid`), or no pending login in this session: none started, finished or past its 10 minutes (`auth.second_factor_expired`) */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`) */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`input.body.too_large`) */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type or encoding */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure (`common.server.internal`) */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency is down, a statement ran past DB_STATEMENT_TIMEOUT_MS, or the organization already uses its share of the database (`common.service.unavailable`), with Retry-After */
            503: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After-Unavailable"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    logOut: {
        parameters: {
            query?: never;
            header?: {
                /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                "Accept-Language"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed out */
            204: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    Vary: components["headers"]["Vary"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`), or the URL is not valid percent-encoding (`input.url.invalid`) */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session (`auth.unauthenticated`) */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`) */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type or encoding */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure (`common.server.internal`) */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency is down, a statement ran past DB_STATEMENT_TIMEOUT_MS, or the organization already uses its share of the database (`common.service.unavailable`), with Retry-After */
            503: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After-Unavailable"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getProfile: {
        parameters: {
            query?: never;
            header?: {
                /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                "Accept-Language"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The account */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    Vary: components["headers"]["Vary"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["User"];
                    };
                };
            };
            /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`), or the URL is not valid percent-encoding (`input.url.invalid`) */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session (`auth.unauthenticated`) */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure (`common.server.internal`) */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency is down, a statement ran past DB_STATEMENT_TIMEOUT_MS, or the organization already uses its share of the database (`common.service.unavailable`), with Retry-After */
            503: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After-Unavailable"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateProfile: {
        parameters: {
            query?: never;
            header?: {
                /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                "Accept-Language"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    fullName?: string | null;
                    locale?: ("en" | "fr") | null;
                };
            };
        };
        responses: {
            /** @description The account */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    Vary: components["headers"]["Vary"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["User"];
                    };
                };
            };
            /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`), or the URL is not valid percent-encoding (`input.url.invalid`) */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session (`auth.unauthenticated`) */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`) */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`input.body.too_large`) */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type or encoding */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure (`common.server.internal`) */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency is down, a statement ran past DB_STATEMENT_TIMEOUT_MS, or the organization already uses its share of the database (`common.service.unavailable`), with Retry-After */
            503: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After-Unavailable"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listPasskeys: {
        parameters: {
            query?: never;
            header?: {
                /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                "Accept-Language"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Passkeys */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    Vary: components["headers"]["Vary"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Passkey"][];
                    };
                };
            };
            /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`), or the URL is not valid percent-encoding (`input.url.invalid`) */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session (`auth.unauthenticated`) */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure (`common.server.internal`) */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency is down, a statement ran past DB_STATEMENT_TIMEOUT_MS, or the organization already uses its share of the database (`common.service.unavailable`), with Retry-After */
            503: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After-Unavailable"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    addPasskey: {
        parameters: {
            query?: never;
            header?: {
                /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                "Accept-Language"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string | null;
                    response: {
                        /** @enum {unknown} */
                        authenticatorAttachment?: "platform" | "cross-platform";
                        id: string;
                        rawId: string;
                        response: {
                            attestationObject: string;
                            clientDataJSON: string;
                            transports?: string[];
                        };
                        /** @enum {unknown} */
                        type: "public-key";
                    };
                };
            };
        };
        responses: {
            /** @description Added */
            201: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    Vary: components["headers"]["Vary"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Passkey"];
                    };
                };
            };
            /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`), or the URL is not valid percent-encoding (`input.url.invalid`) */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session (`auth.unauthenticated`) */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`), or a re-authentication needed (`auth.reauthentication_required`, with `meta.methods` and `meta.maxAgeSeconds`) */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`input.body.too_large`) */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type or encoding */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure (`common.server.internal`) */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency is down, a statement ran past DB_STATEMENT_TIMEOUT_MS, or the organization already uses its share of the database (`common.service.unavailable`), with Retry-After */
            503: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After-Unavailable"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    removePasskey: {
        parameters: {
            query?: never;
            header?: {
                /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                "Accept-Language"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            204: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    Vary: components["headers"]["Vary"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`), or the URL is not valid percent-encoding (`input.url.invalid`) */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session (`auth.unauthenticated`) */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`), or a re-authentication needed (`auth.reauthentication_required`, with `meta.methods` and `meta.maxAgeSeconds`) */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (`common.resource.not_found`) */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The last second factor of an account in an organization that requires two (`organization.two_factor_required`) */
            409: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type or encoding */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure (`common.server.internal`) */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency is down, a statement ran past DB_STATEMENT_TIMEOUT_MS, or the organization already uses its share of the database (`common.service.unavailable`), with Retry-After */
            503: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After-Unavailable"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    renamePasskey: {
        parameters: {
            query?: never;
            header?: {
                /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                "Accept-Language"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                };
            };
        };
        responses: {
            /** @description Renamed */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    Vary: components["headers"]["Vary"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Passkey"];
                    };
                };
            };
            /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`), or the URL is not valid percent-encoding (`input.url.invalid`) */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session (`auth.unauthenticated`) */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`) */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (`common.resource.not_found`) */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`input.body.too_large`) */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type or encoding */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure (`common.server.internal`) */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency is down, a statement ran past DB_STATEMENT_TIMEOUT_MS, or the organization already uses its share of the database (`common.service.unavailable`), with Retry-After */
            503: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After-Unavailable"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    passkeyRegistrationOptions: {
        parameters: {
            query?: never;
            header?: {
                /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                "Accept-Language"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The options */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    Vary: components["headers"]["Vary"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["PasskeyCreationOptions"];
                    };
                };
            };
            /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`), or the URL is not valid percent-encoding (`input.url.invalid`) */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session (`auth.unauthenticated`) */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`), or a re-authentication needed (`auth.reauthentication_required`, with `meta.methods` and `meta.maxAgeSeconds`) */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type or encoding */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure (`common.server.internal`) */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency is down, a statement ran past DB_STATEMENT_TIMEOUT_MS, or the organization already uses its share of the database (`common.service.unavailable`), with Retry-After */
            503: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After-Unavailable"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    changePassword: {
        parameters: {
            query?: never;
            header?: {
                /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                "Accept-Language"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    currentPassword: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Password changed */
            204: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    Vary: components["headers"]["Vary"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`), or the URL is not valid percent-encoding (`input.url.invalid`) */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session (`auth.unauthenticated`) */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`), or a re-authentication needed (`auth.reauthentication_required`, with `meta.methods` and `meta.maxAgeSeconds`) */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`input.body.too_large`) */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type or encoding */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure (`common.server.internal`) */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency is down, a statement ran past DB_STATEMENT_TIMEOUT_MS, or the organization already uses its share of the database (`common.service.unavailable`), with Retry-After */
            503: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After-Unavailable"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    requestPasswordReset: {
        parameters: {
            query?: never;
            header?: {
                /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                "Accept-Language"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description An email address; surrounding spaces are trimmed, letters lower-cased */
                    email: string;
                };
            };
        };
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Messages"];
                };
            };
            /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`), or the URL is not valid percent-encoding (`input.url.invalid`) */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`) */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`input.body.too_large`) */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type or encoding */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure (`common.server.internal`) */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency is down, a statement ran past DB_STATEMENT_TIMEOUT_MS, or the organization already uses its share of the database (`common.service.unavailable`), with Retry-After */
            503: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After-Unavailable"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    resetPassword: {
        parameters: {
            query?: never;
            header?: {
                /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                "Accept-Language"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    password: string;
                    token: string;
                };
            };
        };
        responses: {
            /** @description Password reset */
            204: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    Vary: components["headers"]["Vary"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`), or the URL is not valid percent-encoding (`input.url.invalid`) */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`) */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`input.body.too_large`) */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type or encoding */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure (`common.server.internal`) */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency is down, a statement ran past DB_STATEMENT_TIMEOUT_MS, or the organization already uses its share of the database (`common.service.unavailable`), with Retry-After */
            503: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After-Unavailable"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    reauthenticate: {
        parameters: {
            query?: never;
            header?: {
                /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                "Accept-Language"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    code?: string;
                    passkeyResponse?: {
                        /** @enum {unknown} */
                        authenticatorAttachment?: "platform" | "cross-platform";
                        id: string;
                        rawId: string;
                        response: {
                            authenticatorData: string;
                            clientDataJSON: string;
                            signature: string;
                            userHandle?: string | null;
                        };
                        /** @enum {unknown} */
                        type: "public-key";
                    };
                    password?: string;
                    recoveryCode?: string;
                };
            };
        };
        responses: {
            /** @description Re-authenticated */
            204: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    Vary: components["headers"]["Vary"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`), or the URL is not valid percent-encoding (`input.url.invalid`) */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session (`auth.unauthenticated`) or a wrong proof (`auth.reauthentication_failed`) */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`) */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`input.body.too_large`) */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type or encoding */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure (`common.server.internal`) */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency is down, a statement ran past DB_STATEMENT_TIMEOUT_MS, or the organization already uses its share of the database (`common.service.unavailable`), with Retry-After */
            503: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After-Unavailable"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listSessions: {
        parameters: {
            query?: never;
            header?: {
                /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                "Accept-Language"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sessions */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    Vary: components["headers"]["Vary"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AccountSession"][];
                    };
                };
            };
            /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`), or the URL is not valid percent-encoding (`input.url.invalid`) */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session (`auth.unauthenticated`) */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure (`common.server.internal`) */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency is down, a statement ran past DB_STATEMENT_TIMEOUT_MS, or the organization already uses its share of the database (`common.service.unavailable`), with Retry-After */
            503: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After-Unavailable"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    endOtherSessions: {
        parameters: {
            query?: never;
            header?: {
                /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                "Accept-Language"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ended */
            204: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    Vary: components["headers"]["Vary"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`), or the URL is not valid percent-encoding (`input.url.invalid`) */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session (`auth.unauthenticated`) */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`), or a re-authentication needed (`auth.reauthentication_required`, with `meta.methods` and `meta.maxAgeSeconds`) */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type or encoding */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure (`common.server.internal`) */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency is down, a statement ran past DB_STATEMENT_TIMEOUT_MS, or the organization already uses its share of the database (`common.service.unavailable`), with Retry-After */
            503: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After-Unavailable"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    endSession: {
        parameters: {
            query?: never;
            header?: {
                /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                "Accept-Language"?: string;
            };
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ended */
            204: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    Vary: components["headers"]["Vary"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`), or the URL is not valid percent-encoding (`input.url.invalid`) */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session (`auth.unauthenticated`) */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`), or a re-authentication needed (`auth.reauthentication_required`, with `meta.methods` and `meta.maxAgeSeconds`) */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (`common.resource.not_found`) */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type or encoding */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure (`common.server.internal`) */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency is down, a statement ran past DB_STATEMENT_TIMEOUT_MS, or the organization already uses its share of the database (`common.service.unavailable`), with Retry-After */
            503: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After-Unavailable"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    signUp: {
        parameters: {
            query?: never;
            header?: {
                /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                "Accept-Language"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description An email address; surrounding spaces are trimmed, letters lower-cased */
                    email: string;
                    fullName?: string | null;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Signed up; sets the session cookie */
            201: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    Vary: components["headers"]["Vary"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["User"];
                    };
                };
            };
            /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`), or the URL is not valid percent-encoding (`input.url.invalid`) */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`) */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`input.body.too_large`) */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type or encoding */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure (`common.server.internal`) */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency is down, a statement ran past DB_STATEMENT_TIMEOUT_MS, or the organization already uses its share of the database (`common.service.unavailable`), with Retry-After */
            503: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After-Unavailable"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getTwoFactorStatus: {
        parameters: {
            query?: never;
            header?: {
                /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                "Accept-Language"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The account’s second factors */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    Vary: components["headers"]["Vary"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["TwoFactorStatus"];
                    };
                };
            };
            /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`), or the URL is not valid percent-encoding (`input.url.invalid`) */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session (`auth.unauthenticated`) */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure (`common.server.internal`) */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency is down, a statement ran past DB_STATEMENT_TIMEOUT_MS, or the organization already uses its share of the database (`common.service.unavailable`), with Retry-After */
            503: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After-Unavailable"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    regenerateRecoveryCodes: {
        parameters: {
            query?: never;
            header?: {
                /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                "Accept-Language"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new recovery codes */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    Vary: components["headers"]["Vary"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["RecoveryCodes"];
                    };
                };
            };
            /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`), or the URL is not valid percent-encoding (`input.url.invalid`) */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session (`auth.unauthenticated`) */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`), or a re-authentication needed (`auth.reauthentication_required`, with `meta.methods` and `meta.maxAgeSeconds`) */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type or encoding */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure (`common.server.internal`) */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency is down, a statement ran past DB_STATEMENT_TIMEOUT_MS, or the organization already uses its share of the database (`common.service.unavailable`), with Retry-After */
            503: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After-Unavailable"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    setUpTotp: {
        parameters: {
            query?: never;
            header?: {
                /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                "Accept-Language"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    currentPassword: string;
                };
            };
        };
        responses: {
            /** @description The secret and its otpauth:// URI */
            201: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    Vary: components["headers"]["Vary"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["TotpSetup"];
                    };
                };
            };
            /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`), or the URL is not valid percent-encoding (`input.url.invalid`) */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session (`auth.unauthenticated`) */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`), or a re-authentication needed (`auth.reauthentication_required`, with `meta.methods` and `meta.maxAgeSeconds`) */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`input.body.too_large`) */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type or encoding */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure (`common.server.internal`) */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency is down, a statement ran past DB_STATEMENT_TIMEOUT_MS, or the organization already uses its share of the database (`common.service.unavailable`), with Retry-After */
            503: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After-Unavailable"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    removeTotp: {
        parameters: {
            query?: never;
            header?: {
                /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                "Accept-Language"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            204: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    Vary: components["headers"]["Vary"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`), or the URL is not valid percent-encoding (`input.url.invalid`) */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session (`auth.unauthenticated`) */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`), or a re-authentication needed (`auth.reauthentication_required`, with `meta.methods` and `meta.maxAgeSeconds`) */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The last second factor of an account in an organization that requires two (`organization.two_factor_required`) */
            409: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type or encoding */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure (`common.server.internal`) */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency is down, a statement ran past DB_STATEMENT_TIMEOUT_MS, or the organization already uses its share of the database (`common.service.unavailable`), with Retry-After */
            503: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After-Unavailable"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    confirmTotp: {
        parameters: {
            query?: never;
            header?: {
                /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                "Accept-Language"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    code: string;
                };
            };
        };
        responses: {
            /** @description On; the recovery codes */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    Vary: components["headers"]["Vary"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["RecoveryCodes"];
                    };
                };
            };
            /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`), or the URL is not valid percent-encoding (`input.url.invalid`) */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session (`auth.unauthenticated`) */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`) */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`input.body.too_large`) */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type or encoding */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure (`common.server.internal`) */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency is down, a statement ran past DB_STATEMENT_TIMEOUT_MS, or the organization already uses its share of the database (`common.service.unavailable`), with Retry-After */
            503: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After-Unavailable"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getDocsPage: {
        parameters: {
            query?: never;
            header?: {
                /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                "Accept-Language"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description HTML page */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    Vary: components["headers"]["Vary"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`), or the URL is not valid percent-encoding (`input.url.invalid`) */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure (`common.server.internal`) */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getDocsViewer: {
        parameters: {
            query?: never;
            header?: {
                /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                "Accept-Language"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description JavaScript */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    Vary: components["headers"]["Vary"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "text/javascript": string;
                };
            };
            /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`), or the URL is not valid percent-encoding (`input.url.invalid`) */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure (`common.server.internal`) */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: {
                /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                "Accept-Language"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Healthy */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    Vary: components["headers"]["Vary"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
            /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`), or the URL is not valid percent-encoding (`input.url.invalid`) */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure (`common.server.internal`) */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unhealthy or a dependency is down */
            503: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    Vary: components["headers"]["Vary"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
        };
    };
    getLiveness: {
        parameters: {
            query?: never;
            header?: {
                /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                "Accept-Language"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Alive */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    Vary: components["headers"]["Vary"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
            /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`), or the URL is not valid percent-encoding (`input.url.invalid`) */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure (`common.server.internal`) */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getReadiness: {
        parameters: {
            query?: never;
            header?: {
                /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                "Accept-Language"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Healthy */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    Vary: components["headers"]["Vary"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
            /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`), or the URL is not valid percent-encoding (`input.url.invalid`) */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure (`common.server.internal`) */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unhealthy or a dependency is down */
            503: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    Vary: components["headers"]["Vary"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
        };
    };
    acceptInvitation: {
        parameters: {
            query?: never;
            header?: {
                /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                "Accept-Language"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    token: string;
                };
            };
        };
        responses: {
            /** @description Now a member */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    Vary: components["headers"]["Vary"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Organization"];
                    };
                };
            };
            /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`), or the URL is not valid percent-encoding (`input.url.invalid`) */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session (`auth.unauthenticated`) */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The invitation is for another address (`auth.forbidden`), the organization requires two factors and the account has no second factor (`organization.two_factor_required`: the invitation stays), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`) */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`input.body.too_large`) */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type or encoding */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure (`common.server.internal`) */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency is down, a statement ran past DB_STATEMENT_TIMEOUT_MS, or the organization already uses its share of the database (`common.service.unavailable`), with Retry-After */
            503: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After-Unavailable"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getMetrics: {
        parameters: {
            query?: never;
            header?: {
                /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                "Accept-Language"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Prometheus text format */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    Vary: components["headers"]["Vary"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`), or the URL is not valid percent-encoding (`input.url.invalid`) */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session (`auth.unauthenticated`) */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (`common.resource.not_found`) */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure (`common.server.internal`) */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getNewsletterChallenge: {
        parameters: {
            query?: never;
            header?: {
                /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                "Accept-Language"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A challenge */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    /** @description `no-store`: each challenge is solved and accepted once */
                    "Cache-Control": "no-store";
                    Vary: components["headers"]["Vary"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AltchaChallenge"];
                };
            };
            /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`), or the URL is not valid percent-encoding (`input.url.invalid`) */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (`common.resource.not_found`) */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure (`common.server.internal`) */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency is down, a statement ran past DB_STATEMENT_TIMEOUT_MS, or the organization already uses its share of the database (`common.service.unavailable`), with Retry-After */
            503: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After-Unavailable"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getNewsletterConfirmation: {
        parameters: {
            query?: {
                token?: string;
            };
            header?: {
                /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                "Accept-Language"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A self-contained HTML page in the caller's language (with `Content-Language` and `Vary: Accept-Language`) whose button posts the confirmation, or the masked address and whether it is confirmed. Mail scanners open links: opening it confirms nothing */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    Vary: components["headers"]["Vary"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            confirmed: boolean;
                            email: string;
                        };
                    };
                    "text/html": string;
                };
            };
            /** @description The confirmation link is tampered, unknown (pruned or erased since) or expired (`NEWSLETTER_CONFIRM_TTL`): `input.token.invalid` */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure (`common.server.internal`) */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency is down, a statement ran past DB_STATEMENT_TIMEOUT_MS, or the organization already uses its share of the database (`common.service.unavailable`), with Retry-After */
            503: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After-Unavailable"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    confirmNewsletterSubscription: {
        parameters: {
            query?: {
                token?: string;
            };
            header?: {
                /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                "Accept-Language"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    token?: string;
                };
                "application/x-www-form-urlencoded": {
                    token?: string;
                };
            };
        };
        responses: {
            /** @description Confirmed (or confirmed already) */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Messages"];
                };
            };
            /** @description The confirmation link is tampered, unknown (pruned or erased since) or expired (`NEWSLETTER_CONFIRM_TTL`): `input.token.invalid` */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`input.body.too_large`) */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type or encoding */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure (`common.server.internal`) */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency is down, a statement ran past DB_STATEMENT_TIMEOUT_MS, or the organization already uses its share of the database (`common.service.unavailable`), with Retry-After */
            503: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After-Unavailable"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    subscribeToNewsletter: {
        parameters: {
            query?: never;
            header?: {
                /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                "Accept-Language"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The ALTCHA widget’s payload (a solution of GET /newsletter/challenge): required when the proof of work is on (`NEWSLETTER_CAPTCHA=altcha`), ignored otherwise */
                    altcha?: string;
                    /** @description An email address; surrounding spaces are trimmed, letters lower-cased */
                    email: string;
                };
            };
        };
        responses: {
            /** @description Subscribed (single opt-in, the default) */
            201: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Messages"];
                };
            };
            /** @description Double opt-in (`NEWSLETTER_DOUBLE_OPT_IN=true`): "Check your inbox to confirm your subscription." for every address, new, unconfirmed or already subscribed (never 409). A new address gets a confirmation email; an unconfirmed one gets another at most once per 10 minutes and 3 times a day; a subscribed one gets nothing and is not changed */
            202: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Messages"];
                };
            };
            /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`), or the URL is not valid percent-encoding (`input.url.invalid`) */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The proof of work (`altcha`) is missing, invalid, expired or already used (`input.captcha.invalid`); only when `NEWSLETTER_CAPTCHA=altcha` */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`input.body.too_large`) */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type or encoding */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unprocessable */
            422: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure (`common.server.internal`) */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency is down, a statement ran past DB_STATEMENT_TIMEOUT_MS, or the organization already uses its share of the database (`common.service.unavailable`), with Retry-After */
            503: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After-Unavailable"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getNewsletterUnsubscription: {
        parameters: {
            query?: {
                token?: string;
            };
            header?: {
                /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                "Accept-Language"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A self-contained HTML page in the caller's language (with `Content-Language` and `Vary: Accept-Language`), or the masked address and whether it is subscribed */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    Vary: components["headers"]["Vary"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            email: string;
                            subscribed: boolean;
                        };
                    };
                    "text/html": string;
                };
            };
            /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`), or the URL is not valid percent-encoding (`input.url.invalid`) */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure (`common.server.internal`) */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency is down, a statement ran past DB_STATEMENT_TIMEOUT_MS, or the organization already uses its share of the database (`common.service.unavailable`), with Retry-After */
            503: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After-Unavailable"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    unsubscribeFromNewsletter: {
        parameters: {
            query?: {
                token?: string;
            };
            header?: {
                /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                "Accept-Language"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Unsubscribed */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Messages"];
                };
            };
            /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`), or the URL is not valid percent-encoding (`input.url.invalid`) */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`input.body.too_large`) */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type or encoding */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure (`common.server.internal`) */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency is down, a statement ran past DB_STATEMENT_TIMEOUT_MS, or the organization already uses its share of the database (`common.service.unavailable`), with Retry-After */
            503: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After-Unavailable"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getOpenApiDocument: {
        parameters: {
            query?: never;
            header?: {
                /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                "Accept-Language"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OpenAPI 3.1 */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    Vary: components["headers"]["Vary"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        info: {
                            [key: string]: unknown;
                        };
                        /** @constant */
                        openapi: "3.1.0";
                        paths: {
                            [key: string]: unknown;
                        };
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`), or the URL is not valid percent-encoding (`input.url.invalid`) */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure (`common.server.internal`) */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listOrganizations: {
        parameters: {
            query?: never;
            header?: {
                /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                "Accept-Language"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Organizations */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    Vary: components["headers"]["Vary"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Organization"][];
                    };
                };
            };
            /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`), or the URL is not valid percent-encoding (`input.url.invalid`) */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session (`auth.unauthenticated`) */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure (`common.server.internal`) */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency is down, a statement ran past DB_STATEMENT_TIMEOUT_MS, or the organization already uses its share of the database (`common.service.unavailable`), with Retry-After */
            503: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After-Unavailable"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createOrganization: {
        parameters: {
            query?: never;
            header?: {
                /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                "Accept-Language"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    Vary: components["headers"]["Vary"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Organization"];
                    };
                };
            };
            /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`), or the URL is not valid percent-encoding (`input.url.invalid`) */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session (`auth.unauthenticated`) */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`) */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`input.body.too_large`) */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type or encoding */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure (`common.server.internal`) */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency is down, a statement ran past DB_STATEMENT_TIMEOUT_MS, or the organization already uses its share of the database (`common.service.unavailable`), with Retry-After */
            503: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After-Unavailable"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getOrganization: {
        parameters: {
            query?: never;
            header?: {
                /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                "Accept-Language"?: string;
            };
            path: {
                organizationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The organization */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    Vary: components["headers"]["Vary"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Organization"];
                    };
                };
            };
            /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`), or the URL is not valid percent-encoding (`input.url.invalid`) */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session (`auth.unauthenticated`) */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`); a member whose account has no second factor while the organization requires two (`organization.two_factor_required`) */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure (`common.server.internal`) */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency is down, a statement ran past DB_STATEMENT_TIMEOUT_MS, or the organization already uses its share of the database (`common.service.unavailable`), with Retry-After */
            503: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After-Unavailable"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteOrganization: {
        parameters: {
            query?: never;
            header?: {
                /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                "Accept-Language"?: string;
            };
            path: {
                organizationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted: from now on gone for every route (its former members get 403, its invitation links 400 `input.token.invalid`); its rows are purged in the background, in batches */
            204: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    Vary: components["headers"]["Vary"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`), or the URL is not valid percent-encoding (`input.url.invalid`) */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session (`auth.unauthenticated`) */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`); a member whose account has no second factor while the organization requires two (`organization.two_factor_required`), or a re-authentication needed (`auth.reauthentication_required`, with `meta.methods` and `meta.maxAgeSeconds`) */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type or encoding */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure (`common.server.internal`) */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency is down, a statement ran past DB_STATEMENT_TIMEOUT_MS, or the organization already uses its share of the database (`common.service.unavailable`), with Retry-After */
            503: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After-Unavailable"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateOrganization: {
        parameters: {
            query?: never;
            header?: {
                /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                "Accept-Language"?: string;
            };
            path: {
                organizationId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    requireTwoFactor?: boolean;
                };
            };
        };
        responses: {
            /** @description Changed */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    Vary: components["headers"]["Vary"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Organization"];
                    };
                };
            };
            /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`), or the URL is not valid percent-encoding (`input.url.invalid`) */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session (`auth.unauthenticated`) */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`); a member whose account has no second factor while the organization requires two (`organization.two_factor_required`) */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An owner whose own account has no second factor turns `requireTwoFactor` on (`organization.two_factor_required_for_actor`) */
            409: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`input.body.too_large`) */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type or encoding */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure (`common.server.internal`) */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency is down, a statement ran past DB_STATEMENT_TIMEOUT_MS, or the organization already uses its share of the database (`common.service.unavailable`), with Retry-After */
            503: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After-Unavailable"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAuditLog: {
        parameters: {
            query?: {
                action?: ("organization.created" | "organization.renamed" | "member.added" | "member.removed" | "member.left" | "member.role_changed" | "ownership.transferred" | "invitation.created" | "invitation.revoked" | "invitation.accepted" | "event.deleted" | "organization.two_factor_requirement_changed")[];
                cursor?: string;
                limit?: number;
            };
            header?: {
                /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                "Accept-Language"?: string;
            };
            path: {
                organizationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of entries */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    Vary: components["headers"]["Vary"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AuditEntry"][];
                        meta: {
                            nextCursor: string | null;
                        };
                    };
                };
            };
            /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`), or the URL is not valid percent-encoding (`input.url.invalid`) */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session (`auth.unauthenticated`) */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`); a member whose account has no second factor while the organization requires two (`organization.two_factor_required`) */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure (`common.server.internal`) */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency is down, a statement ran past DB_STATEMENT_TIMEOUT_MS, or the organization already uses its share of the database (`common.service.unavailable`), with Retry-After */
            503: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After-Unavailable"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listEvents: {
        parameters: {
            query?: {
                cursor?: string;
                eventType?: "ONE_OFF" | "RECURRING";
                limit?: number;
                sort?: "createdAt" | "-createdAt" | "targetDate" | "-targetDate";
                status?: ("BACKLOG" | "PLANNING" | "PLANNED" | "IN_PROGRESS" | "COMPLETED" | "CANCELLED")[];
                targetDateFrom?: string;
                targetDateTo?: string;
            };
            header?: {
                /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                "Accept-Language"?: string;
            };
            path: {
                organizationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of events; nextCursor is null on the last page */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    Vary: components["headers"]["Vary"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Event"][];
                        meta: {
                            nextCursor: string | null;
                        };
                    };
                };
            };
            /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`), or the URL is not valid percent-encoding (`input.url.invalid`) */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session (`auth.unauthenticated`) */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`); a member whose account has no second factor while the organization requires two (`organization.two_factor_required`) */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure (`common.server.internal`) */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency is down, a statement ran past DB_STATEMENT_TIMEOUT_MS, or the organization already uses its share of the database (`common.service.unavailable`), with Retry-After */
            503: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After-Unavailable"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createEvent: {
        parameters: {
            query?: never;
            header?: {
                /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                "Accept-Language"?: string;
                "Idempotency-Key"?: string;
            };
            path: {
                organizationId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    address?: {
                        city: string;
                        /** @description ISO 3166-1 alpha-2 country code, any case (stored upper-cased) */
                        country?: string | null;
                        postalCode?: string | null;
                        state?: string | null;
                        streetAddress?: string | null;
                        streetAddress2?: string | null;
                    };
                    description?: string | null;
                    /** @enum {unknown} */
                    eventType?: "ONE_OFF" | "RECURRING";
                    metadata?: {
                        budgetRange?: {
                            /** @description ISO 4217 currency code, any case (stored upper-cased) */
                            currency?: string | null;
                            max?: number | null;
                            min?: number | null;
                        } | null;
                        category?: ("wedding" | "birthday" | "graduation" | "proposal" | "other") | null;
                        customCategory?: string | null;
                        guestCount?: {
                            /** Format: int32 */
                            approximate?: number | null;
                            /** Format: int32 */
                            max?: number | null;
                            /** Format: int32 */
                            min?: number | null;
                        } | null;
                    };
                    name: string;
                    /** @enum {unknown} */
                    status?: "BACKLOG" | "PLANNING" | "PLANNED" | "IN_PROGRESS" | "COMPLETED" | "CANCELLED";
                    /** @description ISO 8601 date-time or calendar date (e.g. 2027-03-01T18:30:00-05:00) */
                    targetDate?: string | null;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    ETag: components["headers"]["ETag"];
                    Vary: components["headers"]["Vary"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Event"];
                    };
                };
            };
            /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`), or the URL is not valid percent-encoding (`input.url.invalid`) */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session (`auth.unauthenticated`) */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`); a member whose account has no second factor while the organization requires two (`organization.two_factor_required`) */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`input.body.too_large`) */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type or encoding */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unprocessable */
            422: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure (`common.server.internal`) */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency is down, a statement ran past DB_STATEMENT_TIMEOUT_MS, or the organization already uses its share of the database (`common.service.unavailable`), with Retry-After */
            503: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After-Unavailable"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getEvent: {
        parameters: {
            query?: never;
            header?: {
                /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                "Accept-Language"?: string;
                "If-None-Match"?: string;
            };
            path: {
                id: string;
                organizationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    ETag: components["headers"]["ETag"];
                    Vary: components["headers"]["Vary"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Event"];
                    };
                };
            };
            /** @description Not modified (If-None-Match names the current version) */
            304: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    ETag: components["headers"]["ETag"];
                    Vary: components["headers"]["Vary"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`), or the URL is not valid percent-encoding (`input.url.invalid`) */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session (`auth.unauthenticated`) */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`); a member whose account has no second factor while the organization requires two (`organization.two_factor_required`) */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (`common.resource.not_found`) */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure (`common.server.internal`) */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency is down, a statement ran past DB_STATEMENT_TIMEOUT_MS, or the organization already uses its share of the database (`common.service.unavailable`), with Retry-After */
            503: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After-Unavailable"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteEvent: {
        parameters: {
            query?: never;
            header?: {
                /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                "Accept-Language"?: string;
            };
            path: {
                id: string;
                organizationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    Vary: components["headers"]["Vary"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`), or the URL is not valid percent-encoding (`input.url.invalid`) */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session (`auth.unauthenticated`) */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`); a member whose account has no second factor while the organization requires two (`organization.two_factor_required`) */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (`common.resource.not_found`) */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type or encoding */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure (`common.server.internal`) */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency is down, a statement ran past DB_STATEMENT_TIMEOUT_MS, or the organization already uses its share of the database (`common.service.unavailable`), with Retry-After */
            503: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After-Unavailable"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateEvent: {
        parameters: {
            query?: never;
            header?: {
                /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                "Accept-Language"?: string;
                "If-Match"?: string;
            };
            path: {
                id: string;
                organizationId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    address?: {
                        city?: string;
                        /** @description ISO 3166-1 alpha-2 country code, any case (stored upper-cased) */
                        country?: string | null;
                        postalCode?: string | null;
                        state?: string | null;
                        streetAddress?: string | null;
                        streetAddress2?: string | null;
                    };
                    description?: string | null;
                    metadata?: {
                        budgetRange?: {
                            /** @description ISO 4217 currency code, any case (stored upper-cased) */
                            currency?: string | null;
                            max?: number | null;
                            min?: number | null;
                        } | null;
                        category?: ("wedding" | "birthday" | "graduation" | "proposal" | "other") | null;
                        customCategory?: string | null;
                        guestCount?: {
                            /** Format: int32 */
                            approximate?: number | null;
                            /** Format: int32 */
                            max?: number | null;
                            /** Format: int32 */
                            min?: number | null;
                        } | null;
                    };
                    name?: string;
                    /** @enum {unknown} */
                    status?: "BACKLOG" | "PLANNING" | "PLANNED" | "IN_PROGRESS" | "COMPLETED" | "CANCELLED";
                    /** @description ISO 8601 date-time or calendar date (e.g. 2027-03-01T18:30:00-05:00) */
                    targetDate?: string | null;
                };
            };
        };
        responses: {
            /** @description Changed */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    ETag: components["headers"]["ETag"];
                    Vary: components["headers"]["Vary"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Event"];
                    };
                };
            };
            /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`), or the URL is not valid percent-encoding (`input.url.invalid`) */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session (`auth.unauthenticated`) */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`); a member whose account has no second factor while the organization requires two (`organization.two_factor_required`) */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (`common.resource.not_found`) */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description If-Match names another version (`common.resource.precondition_failed`) */
            412: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`input.body.too_large`) */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type or encoding */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure (`common.server.internal`) */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency is down, a statement ran past DB_STATEMENT_TIMEOUT_MS, or the organization already uses its share of the database (`common.service.unavailable`), with Retry-After */
            503: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After-Unavailable"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listInvitations: {
        parameters: {
            query?: never;
            header?: {
                /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                "Accept-Language"?: string;
            };
            path: {
                organizationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Invitations */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    Vary: components["headers"]["Vary"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Invitation"][];
                    };
                };
            };
            /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`), or the URL is not valid percent-encoding (`input.url.invalid`) */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session (`auth.unauthenticated`) */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`); a member whose account has no second factor while the organization requires two (`organization.two_factor_required`) */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure (`common.server.internal`) */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency is down, a statement ran past DB_STATEMENT_TIMEOUT_MS, or the organization already uses its share of the database (`common.service.unavailable`), with Retry-After */
            503: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After-Unavailable"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createInvitation: {
        parameters: {
            query?: never;
            header?: {
                /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                "Accept-Language"?: string;
            };
            path: {
                organizationId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description An email address; surrounding spaces are trimmed, letters lower-cased */
                    email: string;
                    /** @enum {unknown} */
                    role?: "owner" | "admin" | "member";
                };
            };
        };
        responses: {
            /** @description Invited */
            201: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    Vary: components["headers"]["Vary"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Invitation"];
                    };
                };
            };
            /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`), or the URL is not valid percent-encoding (`input.url.invalid`) */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session (`auth.unauthenticated`) */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`); a member whose account has no second factor while the organization requires two (`organization.two_factor_required`) */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`input.body.too_large`) */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type or encoding */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure (`common.server.internal`) */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency is down, a statement ran past DB_STATEMENT_TIMEOUT_MS, or the organization already uses its share of the database (`common.service.unavailable`), with Retry-After */
            503: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After-Unavailable"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    revokeInvitation: {
        parameters: {
            query?: never;
            header?: {
                /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                "Accept-Language"?: string;
            };
            path: {
                invitationId: string;
                organizationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked */
            204: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    Vary: components["headers"]["Vary"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`), or the URL is not valid percent-encoding (`input.url.invalid`) */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session (`auth.unauthenticated`) */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`); a member whose account has no second factor while the organization requires two (`organization.two_factor_required`) */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (`common.resource.not_found`) */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type or encoding */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure (`common.server.internal`) */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency is down, a statement ran past DB_STATEMENT_TIMEOUT_MS, or the organization already uses its share of the database (`common.service.unavailable`), with Retry-After */
            503: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After-Unavailable"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    leaveOrganization: {
        parameters: {
            query?: never;
            header?: {
                /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                "Accept-Language"?: string;
            };
            path: {
                organizationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Left */
            204: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    Vary: components["headers"]["Vary"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`), or the URL is not valid percent-encoding (`input.url.invalid`) */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session (`auth.unauthenticated`) */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`) */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type or encoding */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure (`common.server.internal`) */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency is down, a statement ran past DB_STATEMENT_TIMEOUT_MS, or the organization already uses its share of the database (`common.service.unavailable`), with Retry-After */
            503: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After-Unavailable"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listMembers: {
        parameters: {
            query?: never;
            header?: {
                /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                "Accept-Language"?: string;
            };
            path: {
                organizationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Members */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    Vary: components["headers"]["Vary"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Member"][];
                    };
                };
            };
            /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`), or the URL is not valid percent-encoding (`input.url.invalid`) */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session (`auth.unauthenticated`) */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`); a member whose account has no second factor while the organization requires two (`organization.two_factor_required`) */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure (`common.server.internal`) */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency is down, a statement ran past DB_STATEMENT_TIMEOUT_MS, or the organization already uses its share of the database (`common.service.unavailable`), with Retry-After */
            503: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After-Unavailable"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    addMember: {
        parameters: {
            query?: never;
            header?: {
                /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                "Accept-Language"?: string;
            };
            path: {
                organizationId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description An email address; surrounding spaces are trimmed, letters lower-cased */
                    email: string;
                    /** @enum {unknown} */
                    role?: "owner" | "admin" | "member";
                };
            };
        };
        responses: {
            /** @description Added */
            201: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    Vary: components["headers"]["Vary"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Member"];
                    };
                };
            };
            /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`), or the URL is not valid percent-encoding (`input.url.invalid`) */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session (`auth.unauthenticated`) */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`); a member whose account has no second factor while the organization requires two (`organization.two_factor_required`) */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (`common.resource.not_found`) */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`input.body.too_large`) */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type or encoding */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure (`common.server.internal`) */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency is down, a statement ran past DB_STATEMENT_TIMEOUT_MS, or the organization already uses its share of the database (`common.service.unavailable`), with Retry-After */
            503: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After-Unavailable"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    removeMember: {
        parameters: {
            query?: never;
            header?: {
                /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                "Accept-Language"?: string;
            };
            path: {
                organizationId: string;
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            204: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    Vary: components["headers"]["Vary"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`), or the URL is not valid percent-encoding (`input.url.invalid`) */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session (`auth.unauthenticated`) */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`); a member whose account has no second factor while the organization requires two (`organization.two_factor_required`) */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (`common.resource.not_found`) */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type or encoding */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure (`common.server.internal`) */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency is down, a statement ran past DB_STATEMENT_TIMEOUT_MS, or the organization already uses its share of the database (`common.service.unavailable`), with Retry-After */
            503: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After-Unavailable"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    changeMemberRole: {
        parameters: {
            query?: never;
            header?: {
                /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                "Accept-Language"?: string;
            };
            path: {
                organizationId: string;
                userId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {unknown} */
                    role: "owner" | "admin" | "member";
                };
            };
        };
        responses: {
            /** @description The member */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    Vary: components["headers"]["Vary"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Member"];
                    };
                };
            };
            /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`), or the URL is not valid percent-encoding (`input.url.invalid`) */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session (`auth.unauthenticated`) */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`); a member whose account has no second factor while the organization requires two (`organization.two_factor_required`) */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (`common.resource.not_found`) */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`input.body.too_large`) */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type or encoding */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure (`common.server.internal`) */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency is down, a statement ran past DB_STATEMENT_TIMEOUT_MS, or the organization already uses its share of the database (`common.service.unavailable`), with Retry-After */
            503: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After-Unavailable"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    transferOwnership: {
        parameters: {
            query?: never;
            header?: {
                /** @description Language of messages, titles, pages and emails: `fr` (e.g. `fr-CA`) or `en` (default, also for any other language); q-values are honoured. A signed-in account's `locale`, when set, wins. */
                "Accept-Language"?: string;
            };
            path: {
                organizationId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    userId: string;
                };
            };
        };
        responses: {
            /** @description Transferred */
            200: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    Vary: components["headers"]["Vary"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            from: components["schemas"]["Member"];
                            to: components["schemas"]["Member"];
                        };
                    };
                };
            };
            /** @description A field, a parameter or the body is invalid (`input.<field>.<rule>`), or the URL is not valid percent-encoding (`input.url.invalid`) */
            400: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session (`auth.unauthenticated`) */
            401: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not a member of the organization (`auth.forbidden`), a role that is not enough (`auth.insufficient_role`), or an unsafe request from a page whose origin is not trusted (`auth.cross_origin_request`); a member whose account has no second factor while the organization requires two (`organization.two_factor_required`), or a re-authentication needed (`auth.reauthentication_required`, with `meta.methods` and `meta.maxAgeSeconds`) */
            403: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (`common.resource.not_found`) */
            404: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body too large (`input.body.too_large`) */
            413: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type or encoding */
            415: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded (`common.rate_limit.exceeded`), with Retry-After */
            429: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure (`common.server.internal`) */
            500: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A dependency is down, a statement ran past DB_STATEMENT_TIMEOUT_MS, or the organization already uses its share of the database (`common.service.unavailable`), with Retry-After */
            503: {
                headers: {
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    "Content-Language": components["headers"]["Content-Language"];
                    "Retry-After": components["headers"]["Retry-After-Unavailable"];
                    Vary: components["headers"]["Vary-Accept-Language"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
