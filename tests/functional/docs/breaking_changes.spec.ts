import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { test } from '@japa/runner'
import { apiDescription } from '#api_docs/document'
import { ROOT } from '#tests/helpers/api_client'
import {
  compareDocuments,
  compareVersions,
  RELEASED_FILE,
} from '../../../packages/api-client/scripts/breaking_changes.js'

type Document = Record<string, any>

const CREATE_EVENT = '/organizations/{organizationId}/events'

/** The current document, a copy a test may change. */
const current = () => structuredClone(apiDescription()) as Document

/** The JSON body schema of creating an event, in a document. */
const createEventBody = (document: Document) =>
  document.paths[CREATE_EVENT].post.requestBody.content['application/json'].schema

/** The document with one more property in the body of POST …/events, required or not. */
function withNewProperty(document: Document, required: boolean) {
  const body = createEventBody(document)
  body.properties.venue = { type: 'string', maxLength: 200 }
  if (required) body.required = [...(body.required ?? []), 'venue']
  return document
}

/** Moves info.version to another version. */
function versioned(document: Document, version: string) {
  document.info.version = version
  return document
}

/** A small document of its own: one operation, one body, one answer. */
function fixture(): Document {
  return {
    openapi: '3.1.0',
    info: { title: 'Fixture', version: '1.4.2' },
    paths: {
      '/things': {
        post: {
          operationId: 'createThing',
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { name: { type: 'string' } },
                  required: ['name'],
                },
              },
            },
          },
          responses: {
            '201': {
              description: 'Created',
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: { id: { type: 'string' }, name: { type: 'string' } },
                    required: ['id', 'name'],
                  },
                },
              },
            },
          },
        },
      },
    },
  }
}

test.group('Breaking changes: the check itself (optic diff)', () => {
  test('a required property added to a request body fails the check', async ({ assert }) => {
    const released = fixture()
    const next = fixture()
    const body = next.paths['/things'].post.requestBody.content['application/json'].schema
    body.properties.colour = { type: 'string' }
    body.required.push('colour')

    const comparison = await compareDocuments(released, next)

    assert.isFalse(comparison.ok)
    assert.isTrue(comparison.breaking)
    assert.lengthOf(comparison.failures, 1)
    assert.match(comparison.failures[0], /^POST \/things: .*required request property 'colour'/)
    assert.include(comparison.summary, 'keeps the major 1')
  }).timeout(60_000)

  test('an optional property added to a request body passes', async ({ assert }) => {
    const next = fixture()
    next.paths['/things'].post.requestBody.content['application/json'].schema.properties.colour = {
      type: 'string',
    }

    const comparison = await compareDocuments(fixture(), next)

    assert.isTrue(comparison.ok, comparison.report)
    assert.isFalse(comparison.breaking)
    assert.deepEqual(comparison.failures, [])
  }).timeout(60_000)

  test('a removed response field or operation breaks; a new major version lets it through', async ({
    assert,
  }) => {
    const withoutField = fixture()
    const answer = withoutField.paths['/things'].post.responses['201'].content['application/json']
    delete answer.schema.properties.name
    answer.schema.required = ['id']
    const withoutOperation = { ...fixture(), paths: { '/other': fixture().paths['/things'] } }

    for (const next of [withoutField, withoutOperation]) {
      const refused = await compareDocuments(fixture(), next)
      assert.isFalse(refused.ok, JSON.stringify(next.paths))
      assert.isTrue(refused.breaking)
    }
    const announced = await compareDocuments(
      fixture(),
      versioned(structuredClone(withoutField), '2.0.0')
    )
    assert.isTrue(announced.ok)
    assert.isTrue(announced.breaking)
    assert.include(announced.summary, 'announced by the major version 2.0.0')
    // A minor or patch release announces nothing.
    const minor = await compareDocuments(fixture(), versioned(withoutField, '1.5.0'))
    assert.isFalse(minor.ok)
  }).timeout(120_000)

  test('info.version may not go back, and must be semantic versioning', async ({ assert }) => {
    const older = await compareDocuments(fixture(), versioned(fixture(), '1.4.1'))
    assert.isFalse(older.ok)
    assert.include(older.summary, 'went back from 1.4.2 to 1.4.1')
    await assert.rejects(
      () => compareDocuments(fixture(), versioned(fixture(), 'v2')),
      /not a semantic version/
    )
  }).timeout(60_000)
})

test.group('Breaking changes: the API document', () => {
  test('a required property added to the event creation body fails; an optional one passes', async ({
    assert,
  }) => {
    const required = await compareDocuments(current(), withNewProperty(current(), true))
    assert.isFalse(required.ok)
    assert.deepEqual(required.failures, [
      `POST ${CREATE_EVENT}: cannot add a required request property 'venue' to an existing operation. This is a breaking change.`,
    ])

    const optional = await compareDocuments(current(), withNewProperty(current(), false))
    assert.isTrue(optional.ok, optional.report)
    assert.isFalse(optional.breaking)
  }).timeout(120_000)

  test("the typed client's version is info.version, the released one is no newer", async ({
    assert,
  }) => {
    const client = JSON.parse(
      await readFile(join(ROOT, 'packages/api-client/package.json'), 'utf8')
    )
    assert.equal(client.version, current().info.version)
    // What CI compares with (npm run api:breaking-check); the comparison itself is CI's.
    const released = JSON.parse(await readFile(join(ROOT, RELEASED_FILE), 'utf8'))
    assert.equal(released.openapi, '3.1.0')
    assert.isAtMost(compareVersions(released.info.version, current().info.version), 0)
  })
})
