import { generateKeyPairSync } from 'node:crypto'
import { test } from '@japa/runner'
import nodemailer from 'nodemailer'
import { dkimVerify } from 'mailauth/lib/dkim/verify.js'

/**
 * patches/nodemailer+*.patch: nodemailer signs DKIM with RSA only; the patch
 * signs ed25519-sha256 (RFC 8463) when the key is an Ed25519 one, and RSA as
 * before. Signed here without a network, verified as a receiver would.
 */
const DOMAIN = 'events.test'
const SELECTOR = 'patch'

async function signedAndVerified(type: 'rsa' | 'ed25519') {
  const { privateKey, publicKey } =
    type === 'rsa'
      ? generateKeyPairSync('rsa', { modulusLength: 2048 })
      : generateKeyPairSync('ed25519')
  const der = publicKey.export({ type: 'spki', format: 'der' })
  // For Ed25519, p= is the raw 32-byte key (RFC 8463); for RSA, the DER SPKI.
  const txt = `v=DKIM1; k=${type}; p=${(type === 'rsa' ? der : der.subarray(-32)).toString('base64')}`
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'windows',
    dkim: {
      domainName: DOMAIN,
      keySelector: SELECTOR,
      privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
    },
  })
  const { message } = await transport.sendMail({
    from: `hello@${DOMAIN}`,
    to: 'ann@example.com',
    subject: 'Signed',
    text: 'Hello',
  })
  const { results } = await dkimVerify(message as Buffer, {
    resolver: async (name: string, kind: string) => {
      if (kind === 'TXT' && name === `${SELECTOR}._domainkey.${DOMAIN}`) return [[txt]]
      throw Object.assign(new Error(`no ${kind} record for ${name}`), { code: 'ENOTFOUND' })
    },
  })
  return results
}

test.group('Patches: nodemailer signs DKIM with an Ed25519 key', () => {
  test('an Ed25519 key signs ed25519-sha256, which verifies', async ({ assert }) => {
    const results = await signedAndVerified('ed25519')

    assert.lengthOf(results, 1)
    assert.equal(results[0].algo, 'ed25519-sha256')
    assert.equal(results[0].status.result, 'pass')
  })

  test('an RSA key still signs rsa-sha256, which verifies', async ({ assert }) => {
    const results = await signedAndVerified('rsa')

    assert.equal(results[0].algo, 'rsa-sha256')
    assert.equal(results[0].status.result, 'pass')
  })
})
