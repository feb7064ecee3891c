import { test } from '@japa/runner'
import { TAGS } from '#api_docs/document'
import { DOCS_VIEWER } from '#api_docs/viewer'

/** Just enough of the DOM for the viewer, which builds its page with these calls only. */
class FakeElement {
  children: (FakeElement | string)[] = []
  attributes: Record<string, string> = {}
  constructor(readonly name: string) {}
  setAttribute(key: string, value: string) {
    this.attributes[key] = value
  }
  append(...children: (FakeElement | string)[]) {
    this.children.push(...children)
  }
  set textContent(value: string) {
    this.children = value ? [value] : []
  }
  get textContent(): string {
    return this.children
      .map((child) => (typeof child === 'string' ? child : child.textContent))
      .join('')
  }
  /** Every element under this one with tag `name`, in document order. */
  all(name: string): FakeElement[] {
    return this.children.flatMap((child) =>
      typeof child === 'string' ? [] : [...(child.name === name ? [child] : []), ...child.all(name)]
    )
  }
}

test.group('API description: the /docs viewer', () => {
  test('shows the operations by declared tag, each with its operationId', async ({
    client,
    assert,
  }) => {
    const served = await client.get('/openapi.json')
    served.assertStatus(200)
    const spec = served.body()
    const main = new FakeElement('main')
    const document = {
      getElementById: () => main,
      createElement: (name: string) => new FakeElement(name),
    }
    const fetch = async () => ({ json: async () => spec })
    new Function('document', 'fetch', DOCS_VIEWER)(document, fetch)
    for (let turn = 0; turn < 100 && main.all('h2').length === 0; turn++) {
      await new Promise((resolve) => setImmediate(resolve))
    }

    const headings = main.children.filter(
      (child): child is FakeElement => typeof child !== 'string' && child.name === 'h2'
    )
    assert.deepEqual(
      headings.map((heading) => heading.textContent),
      [...TAGS.map(({ name }) => name), 'Schemas']
    )
    const operations = main
      .all('details')
      .filter((details) => details.attributes.id?.startsWith('operation-'))
    const ids = Object.values(spec.paths as Record<string, Record<string, any>>).flatMap(
      (methods) => Object.values(methods).map((operation) => operation.operationId)
    )
    assert.sameMembers(
      operations.map((details) => details.attributes.id),
      ids.map((id) => `operation-${id}`)
    )
    for (const details of operations) {
      const id = details.attributes.id.replace('operation-', '')
      assert.include(details.all('summary')[0].textContent, id)
    }
    assert.include(main.textContent, TAGS[0].description)
  })
})
