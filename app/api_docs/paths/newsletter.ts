import { confirmValidator, subscribeValidator, unsubscribeValidator } from '#validators/newsletter'
import { EMAIL_MAX_LENGTH } from '#validators/auth'
import { data, fromValidator, group, json, object, ref, text } from '#api_docs/builders'
import { errorAnswer, everyRoute, languageHeaders } from '#api_docs/shared'

/** The ALTCHA widget's payload on the subscribe form (base64 of its JSON). */
const ALTCHA_PAYLOAD_MAX_LENGTH = 4096

/**
 * The subscribe body: the validator's `email`, and the proof of work's
 * payload, read only when NEWSLETTER_CAPTCHA=altcha.
 */
function subscribeBody() {
  const { body } = fromValidator(subscribeValidator)
  return {
    ...body,
    properties: {
      ...body.properties,
      altcha: text(
        ALTCHA_PAYLOAD_MAX_LENGTH,
        'The ALTCHA widget’s payload (a solution of GET /newsletter/challenge): required when the proof of work is on (`NEWSLETTER_CAPTCHA=altcha`), ignored otherwise'
      ),
    },
  }
}

const CONFIRM_TOKEN_INVALID =
  'The confirmation link is tampered, unknown (pruned or erased since) or expired (`NEWSLETTER_CONFIRM_TTL`): `input.token.invalid`'

/**
 * Subscribing, the email's unsubscribe link (a page, and RFC 8058
 * one-click) and, with double opt-in on, the confirmation link (a page,
 * and the POST that confirms).
 */
export function newsletterPaths() {
  const unsubscribeQuery = { token: fromValidator(unsubscribeValidator).body.properties.token }
  const confirmToken = fromValidator(confirmValidator).body.properties.token
  const confirmBody = {
    schema: object({ token: confirmToken }, { optional: ['token'] }),
  }
  return group(
    { tag: 'newsletter', rateLimit: '300 requests a minute per IP address' },
    {
      'POST /newsletter/subscribe': {
        id: 'subscribeToNewsletter',
        rateLimit: '30 requests a minute per IP address (off in tests, as the spec says)',
        sessionless: true,
        summary:
          'Subscribe to the newsletter (sends a welcome email; with double opt-in, a confirmation email)',
        description:
          'Needs no session. Rate limits: 30 requests a minute per IP address (off in tests, as the spec says); with `NEWSLETTER_ADDRESS_LIMIT` / `NEWSLETTER_DOMAIN_LIMIT`, attempts per address (`+tags` count as the address) and per domain, 429 past them (with double opt-in, the 202 and nothing sent). With `NEWSLETTER_HONEYPOT_FIELD`, a body that fills that member is answered as a success and nothing is done. With `NEWSLETTER_CAPTCHA=altcha`, `altcha` must carry a solution of GET /newsletter/challenge, each accepted once (403 otherwise). A bad `email` is the 422 before any of these.',
        body: subscribeBody(),
        responses: {
          201: json(ref('Messages'), 'Subscribed (single opt-in, the default)', languageHeaders),
          202: json(
            ref('Messages'),
            'Double opt-in (`NEWSLETTER_DOUBLE_OPT_IN=true`): "Check your inbox to confirm your subscription." for every address, new, unconfirmed or already subscribed (never 409). A new address gets a confirmation email; an unconfirmed one gets another at most once per 10 minutes and 3 times a day; a subscribed one gets nothing and is not changed',
            languageHeaders
          ),
          403: errorAnswer(
            'The proof of work (`altcha`) is missing, invalid, expired or already used (`input.captcha.invalid`); only when `NEWSLETTER_CAPTCHA=altcha`'
          ),
        },
        errors: [400, 409, 413, 415, 422, 429, 500, 503],
      },
      'GET /newsletter/challenge': {
        id: 'getNewsletterChallenge',
        rateLimit: '60 requests a minute per IP address',
        summary: 'A proof-of-work challenge for the subscribe form’s ALTCHA widget',
        description:
          'Needs no session. Only when the proof of work is on (`NEWSLETTER_CAPTCHA=altcha`; 404 otherwise). The challenge itself, as the widget reads it (not in `data`), signed with `NEWSLETTER_ALTCHA_HMAC_KEY`, good for 10 minutes and for one subscribe; never cached (`Cache-Control: no-store`). Rate limit: 60 requests a minute per IP address.',
        responses: {
          200: json(ref('AltchaChallenge'), 'A challenge', {
            'Cache-Control': {
              description: '`no-store`: each challenge is solved and accepted once',
              required: true,
              schema: { type: 'string', enum: ['no-store'] },
            },
          }),
        },
        errors: [404, ...everyRoute],
      },
      'GET /newsletter/unsubscribe': {
        id: 'getNewsletterUnsubscription',
        summary: 'The unsubscribe link: a page with a button, or JSON when asked (changes nothing)',
        query: unsubscribeQuery,
        responses: {
          200: {
            description:
              "A self-contained HTML page in the caller's language (with `Content-Language` and `Vary: Accept-Language`), or the masked address and whether it is subscribed",
            content: {
              'text/html': { schema: text(64 * 1024) },
              'application/json': {
                schema: data(
                  object({ email: text(EMAIL_MAX_LENGTH), subscribed: { type: 'boolean' } })
                ),
              },
            },
          },
        },
        errors: [400, ...everyRoute],
      },
      'POST /newsletter/unsubscribe': {
        id: 'unsubscribeFromNewsletter',
        sessionless: true,
        summary:
          'Unsubscribe (RFC 8058 one-click: `List-Unsubscribe=One-Click` form body, or none); idempotent',
        query: unsubscribeQuery,
        responses: { 200: json(ref('Messages'), 'Unsubscribed', languageHeaders) },
        errors: [400, 413, 415, ...everyRoute],
      },
      'GET /newsletter/confirm': {
        id: 'getNewsletterConfirmation',
        rateLimit: '60 requests a minute per IP address',
        summary:
          'The confirmation link (double opt-in): a page with a button, or JSON when asked (changes nothing)',
        query: { token: confirmToken },
        responses: {
          200: {
            description:
              "A self-contained HTML page in the caller's language (with `Content-Language` and `Vary: Accept-Language`) whose button posts the confirmation, or the masked address and whether it is confirmed. Mail scanners open links: opening it confirms nothing",
            content: {
              'text/html': { schema: text(64 * 1024) },
              'application/json': {
                schema: data(
                  object({ email: text(EMAIL_MAX_LENGTH), confirmed: { type: 'boolean' } })
                ),
              },
            },
          },
          400: errorAnswer(CONFIRM_TOKEN_INVALID),
        },
        errors: [...everyRoute],
      },
      'POST /newsletter/confirm': {
        id: 'confirmNewsletterSubscription',
        rateLimit: '60 requests a minute per IP address',
        sessionless: true,
        summary:
          'Confirm a subscription (double opt-in): subscribed, then the welcome email; idempotent',
        description:
          "The token of the confirmation email's link, as JSON `{ token }` or in the query string (the confirmation page's form posts it there). The contact is subscribed and its welcome email sent; again, the same 200 and nothing sent. If the welcome email cannot be sent: 500 and the contact stays unconfirmed, so the link works again. Needs no session. Rate limit: 60 requests a minute per IP address.",
        query: { token: confirmToken },
        requestBody: {
          required: false,
          content: {
            'application/json': confirmBody,
            'application/x-www-form-urlencoded': confirmBody,
          },
        },
        responses: {
          200: json(ref('Messages'), 'Confirmed (or confirmed already)', languageHeaders),
          400: errorAnswer(CONFIRM_TOKEN_INVALID),
        },
        errors: [413, 415, ...everyRoute],
      },
    }
  )
}
