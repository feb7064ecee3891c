/**
 * The frame of the API's few HTML pages: self-contained (no script, no
 * style, no outside resource), in the caller's language. `title` and
 * `body` arrive escaped.
 */
export function pageShell(locale: string, title: string, body: string) {
  return `<!doctype html>
<html lang="${locale}">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="robots" content="noindex">
    <title>${title}</title>
  </head>
  <body>
    <h1>${title}</h1>
    ${body}
  </body>
</html>
`
}
