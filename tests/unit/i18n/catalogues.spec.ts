import { test } from '@japa/runner'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import app from '@adonisjs/core/services/app'
import { messages as vineMessages } from '@vinejs/vine/defaults'
import { LANGUAGES, translator } from '#helpers/languages'

type Catalogue = Map<string, string>

/** Every key of a language, as the i18n loader names them: `<file>.<path>`. */
async function catalogueOf(language: string): Promise<Catalogue> {
  const directory = join(app.languageFilesPath(), language)
  const keys: Catalogue = new Map()
  const walk = (prefix: string, node: unknown) => {
    if (typeof node === 'string') return keys.set(prefix, node)
    if (typeof node !== 'object' || node === null || Array.isArray(node)) {
      throw new Error(`${language}: ${prefix} is neither text nor a group`)
    }
    for (const [name, child] of Object.entries(node)) walk(`${prefix}.${name}`, child)
  }
  for (const file of await readdir(directory)) {
    if (!file.endsWith('.json')) throw new Error(`${language}/${file}: catalogues are JSON`)
    walk(file.slice(0, -'.json'.length), JSON.parse(await readFile(join(directory, file), 'utf8')))
  }
  return keys
}

/** The ICU arguments a message names: `{field}`, `{min}`, `{count, plural, ...}`. */
function placeholdersOf(message: string) {
  return [...message.matchAll(/\{\s*([A-Za-z_][\w]*)/g)].map((match) => match[1]).sort()
}

/** Every source file under `directory`, recursively. */
async function sourcesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true })
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name))
}

test.group('Language catalogues', () => {
  test('every language has every key, none empty, with the same placeholders', async ({
    assert,
  }) => {
    const catalogues = new Map<string, Catalogue>()
    for (const language of LANGUAGES) catalogues.set(language, await catalogueOf(language))
    const allKeys = new Set([...catalogues.values()].flatMap((catalogue) => [...catalogue.keys()]))
    assert.isAbove(allKeys.size, 100)

    const problems: string[] = []
    for (const key of allKeys) {
      const english = catalogues.get('en')!.get(key)
      for (const [language, catalogue] of catalogues) {
        const message = catalogue.get(key)
        if (message === undefined) problems.push(`${language}: ${key} is missing`)
        else if (message.trim() === '') problems.push(`${language}: ${key} is empty`)
        else if (english !== undefined) {
          const expected = placeholdersOf(english).join(', ')
          const found = placeholdersOf(message).join(', ')
          if (expected !== found) {
            problems.push(`${language}: ${key} names {${found}}, English names {${expected}}`)
          }
        }
      }
    }
    assert.deepEqual(problems, [])
  })

  test('every message is valid ICU and formats in its language', async ({ assert }) => {
    for (const language of LANGUAGES) {
      const i18n = translator(language)
      for (const [key, message] of await catalogueOf(language)) {
        const values = Object.fromEntries(placeholdersOf(message).map((name) => [name, 'X']))
        const formatted = i18n.t(key, values)
        assert.notInclude(formatted, 'translation missing', `${language}: ${key}`)
        assert.notMatch(formatted, /\{\s*\w+/, `${language}: ${key} left a placeholder`)
      }
    }
  })

  test('English validation messages are VineJS’s own, word for word (but the spec’s "required")', async ({
    assert,
  }) => {
    const english = await catalogueOf('en')
    for (const [rule, message] of Object.entries(vineMessages)) {
      const expected =
        rule === 'required'
          ? 'The {field} field is required'
          : message.replace(/\{\{\s*(\w+)\s*\}\}/g, '{$1}')
      assert.equal(english.get(`validation.messages.${rule}`), expected, rule)
    }
  })

  test('every catalogue key the code names exists', async ({ assert }) => {
    const english = await catalogueOf('en')
    const named = new Set<string>()
    for (const file of await sourcesUnder(app.makePath('app'))) {
      const source = await readFile(file, 'utf8')
      for (const match of source.matchAll(
        /'((?:errors|messages|mail|pages)\.[a-z_]+\.[a-z_.]+)'/g
      )) {
        named.add(match[1])
      }
    }
    assert.isAbove(named.size, 30)
    assert.deepEqual(
      [...named].filter((key) => !english.has(key)),
      []
    )
  })
})
