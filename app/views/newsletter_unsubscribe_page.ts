/**
 * The page of GET /newsletter/unsubscribe: self-contained (no script, no
 * style, no outside resource, so `Content-Security-Policy: default-src
 * 'none'` does not touch it). Its button posts the form back to the very
 * URL it was opened at (no `action`), token included; opening the page
 * changes nothing, since link scanners open links too.
 */
export function newsletterUnsubscribePage({
  email,
  subscribed,
}: {
  email: string
  subscribed: boolean
}) {
  const body = subscribed
    ? `<p>Unsubscribe ${escapeHtml(email)} from the newsletter?</p>
    <form method="post">
      <button type="submit">Unsubscribe</button>
    </form>`
    : `<p>${escapeHtml(email)} is not subscribed to the newsletter.</p>`
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="robots" content="noindex">
    <title>Newsletter</title>
  </head>
  <body>
    <h1>Newsletter</h1>
    ${body}
  </body>
</html>
`
}

function escapeHtml(value: string) {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
}
