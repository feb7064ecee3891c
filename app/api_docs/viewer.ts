/**
 * A small viewer of /openapi.json, served by the API itself: one HTML page
 * and one script, no dependency and nothing from another site. It builds
 * the page with DOM calls and textContent only (no HTML from the document).
 */
export const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Events API</title>
<style>
body { font: 15px/1.5 system-ui, sans-serif; margin: 2rem auto; max-width: 60rem; padding: 0 1rem; color: #222 }
h1 { margin-bottom: 0 } h2 { margin-top: 2rem; text-transform: capitalize }
details { border: 1px solid #ddd; border-radius: 6px; margin: .5rem 0; padding: .4rem .8rem }
summary { cursor: pointer } code.method { display: inline-block; width: 4.5rem; font-weight: bold }
code.id { float: right; color: #666 } p.tag { margin-top: -.5rem; color: #555 }
.get { color: #0a6 } .post { color: #06c } .patch { color: #a60 } .delete { color: #c22 }
pre { background: #f6f6f6; padding: .6rem; overflow: auto; font-size: 13px }
table { border-collapse: collapse } td, th { border: 1px solid #ddd; padding: .2rem .5rem; text-align: left; vertical-align: top }
</style>
</head>
<body>
<h1>Events API</h1>
<p>Rendered from <a href="/openapi.json">/openapi.json</a> (OpenAPI 3.1).</p>
<main id="operations">Loading…</main>
<script src="/docs/viewer.js"></script>
</body>
</html>
`

export const DOCS_VIEWER = `'use strict'
;(async () => {
  const main = document.getElementById('operations')
  const element = (name, attributes = {}, ...children) => {
    const node = document.createElement(name)
    for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value)
    for (const child of children) node.append(child)
    return node
  }
  const pretty = (value) => element('pre', {}, JSON.stringify(value, null, 2))
  let spec
  try {
    spec = await (await fetch('/openapi.json')).json()
  } catch (error) {
    main.textContent = 'Could not load /openapi.json: ' + error
    return
  }
  main.textContent = ''
  // The operations by tag, in the order the document declares its tags.
  const byTag = new Map()
  const descriptions = new Map()
  for (const tag of spec.tags || []) {
    byTag.set(tag.name, [])
    descriptions.set(tag.name, tag.description || '')
  }
  for (const [path, methods] of Object.entries(spec.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const tag = (operation.tags || ['other'])[0]
      if (!byTag.has(tag)) byTag.set(tag, [])
      byTag.get(tag).push({ path, method, operation })
    }
  }
  for (const [tag, operations] of byTag) {
    if (operations.length === 0) continue
    main.append(element('h2', { id: 'tag-' + tag }, tag))
    if (descriptions.get(tag)) main.append(element('p', { class: 'tag' }, descriptions.get(tag)))
    for (const { path, method, operation } of operations) {
      const body = element('div')
      if (operation.description) body.append(element('p', {}, operation.description))
      if (operation.parameters) {
        const table = element('table', {}, element('tr', {}, element('th', {}, 'parameter'), element('th', {}, 'in'), element('th', {}, 'schema')))
        for (const parameter of operation.parameters) {
          table.append(element('tr', {}, element('td', {}, parameter.name), element('td', {}, parameter.in), element('td', {}, pretty(parameter.schema))))
        }
        body.append(element('h4', {}, 'Parameters'), table)
      }
      if (operation.requestBody) {
        body.append(element('h4', {}, 'Request body'), pretty(operation.requestBody.content['application/json'].schema))
      }
      body.append(element('h4', {}, 'Responses'))
      for (const [status, response] of Object.entries(operation.responses)) {
        const content = response.content && Object.values(response.content)[0]
        body.append(element('details', {}, element('summary', {}, status + ' ' + response.description), content ? pretty(content.schema) : ''))
      }
      const security = (operation.security || []).flatMap((entry) => Object.keys(entry))
      if (security.length) body.append(element('p', {}, 'Security: ' + security.join(', ')))
      const id = operation.operationId || ''
      main.append(element('details', { id: 'operation-' + id }, element('summary', {}, element('code', { class: 'method ' + method }, method.toUpperCase()), element('code', {}, path), ' — ' + operation.summary, element('code', { class: 'id' }, id)), body))
    }
  }
  const schemas = element('details', {}, element('summary', {}, 'Schemas (components)'), pretty(spec.components.schemas))
  main.append(element('h2', {}, 'Schemas'), schemas)
})()
`
