import { subscribeValidator, unsubscribeValidator } from '#validators/newsletter'
import { EMAIL_MAX_LENGTH } from '#validators/auth'
import { data, fromValidator, group, json, object, ref, text } from '#api_docs/builders'
import { everyRoute, languageHeaders } from '#api_docs/shared'

/** Subscribing, and the email's unsubscribe link (a page, and RFC 8058 one-click). */
export function newsletterPaths() {
  const subscribe = fromValidator(subscribeValidator)
  const unsubscribeQuery = { token: fromValidator(unsubscribeValidator).body.properties.token }
  return group(
    { tag: 'newsletter', rateLimit: '300 requests a minute per IP address' },
    {
      'POST /newsletter/subscribe': {
        id: 'subscribeToNewsletter',
        rateLimit: '30 requests a minute per IP address (off in tests, as the spec says)',
        sessionless: true,
        summary: 'Subscribe to the newsletter (sends a welcome email)',
        body: subscribe.body,
        responses: { 201: json(ref('Messages'), 'Subscribed', languageHeaders) },
        errors: [400, 409, 413, 415, 422, 429, 500, 503],
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
    }
  )
}
