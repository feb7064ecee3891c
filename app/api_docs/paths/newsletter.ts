import { subscribeValidator, unsubscribeValidator } from '#validators/newsletter'
import { data, fromValidator, group, json, object, ref } from '#api_docs/builders'
import { everyRoute, languageHeaders } from '#api_docs/shared'

/** Subscribing, and the email's unsubscribe link (a page, and RFC 8058 one-click). */
export function newsletterPaths() {
  const subscribe = fromValidator(subscribeValidator)
  const unsubscribeQuery = { token: fromValidator(unsubscribeValidator).body.properties.token }
  return group(
    { tag: 'newsletter' },
    {
      'POST /newsletter/subscribe': {
        sessionless: true,
        summary: 'Subscribe to the newsletter (sends a welcome email)',
        body: subscribe.body,
        responses: { 201: json(ref('Messages'), 'Subscribed', languageHeaders) },
        errors: [400, 409, 413, 415, 422, 429, 500, 503],
      },
      'GET /newsletter/unsubscribe': {
        summary: 'The unsubscribe link: a page with a button, or JSON when asked (changes nothing)',
        query: unsubscribeQuery,
        responses: {
          200: {
            description:
              "A self-contained HTML page in the caller's language (with `Content-Language` and `Vary: Accept-Language`), or the masked address and whether it is subscribed",
            content: {
              'text/html': { schema: { type: 'string' } },
              'application/json': {
                schema: data(
                  object({ email: { type: 'string' }, subscribed: { type: 'boolean' } })
                ),
              },
            },
          },
        },
        errors: [400, ...everyRoute],
      },
      'POST /newsletter/unsubscribe': {
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
