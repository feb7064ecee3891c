import {
  createHash,
  createPublicKey,
  generateKeyPairSync,
  randomBytes,
  sign,
  type KeyObject,
} from 'node:crypto'
import type { ApiClient } from '@japa/api-client'
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers'
import { webauthn } from '#config/webauthn'

type CreationOptions = { challenge: string; user: { id: string } }
type RequestOptions = { challenge: string }

const UP = 0x01
const UV = 0x04
const AT = 0x40

const b64url = (bytes: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(bytes))

function counterBytes(counter: number) {
  const bytes = Buffer.alloc(4)
  bytes.writeUInt32BE(counter)
  return bytes
}

/**
 * A software authenticator (ES256, no attestation) that answers WebAuthn
 * options as a browser's platform authenticator would, for the functional
 * tests: each credential is discoverable and keeps its own signature
 * counter. The browser test uses Chromium's virtual authenticator instead.
 */
export class SoftAuthenticator {
  #credentials = new Map<
    string,
    { privateKey: KeyObject; userHandle: string; counter: number; rawId: Buffer }
  >()

  constructor(
    private rpId = webauthn.rpId,
    private origin = webauthn.origins[0]
  ) {}

  #clientData(type: string, challenge: string, origin = this.origin) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }))
  }

  #rpIdHash(rpId = this.rpId) {
    return createHash('sha256').update(rpId).digest()
  }

  /**
   * A registration response to `options` (POST /auth/passkeys/options'
   * data) with a new credential, or credential `reuse` again; `origin`,
   * `rpId`, `userVerified` may be wrong on purpose.
   */
  register(
    options: CreationOptions,
    {
      userVerified = true,
      origin,
      rpId,
      reuse,
    }: { userVerified?: boolean; origin?: string; rpId?: string; reuse?: string } = {}
  ) {
    const existing = reuse ? this.#credentials.get(reuse) : undefined
    const privateKey =
      existing?.privateKey ?? generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey
    const publicKey = createPublicKey(privateKey)
    const jwk = publicKey.export({ format: 'jwk' })
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
        [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
      ])
    )
    const rawId = existing?.rawId ?? randomBytes(32)
    const idLength = Buffer.alloc(2)
    idLength.writeUInt16BE(rawId.length)
    const authData = Buffer.concat([
      this.#rpIdHash(rpId),
      Buffer.from([UP | (userVerified ? UV : 0) | AT]),
      counterBytes(0),
      Buffer.alloc(16),
      idLength,
      rawId,
      Buffer.from(cose),
    ])
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', new Uint8Array(authData)],
      ])
    )
    const id = b64url(rawId)
    this.#credentials.set(id, { privateKey, userHandle: options.user.id, counter: 0, rawId })
    return {
      id,
      rawId: id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(this.#clientData('webauthn.create', options.challenge, origin)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    }
  }

  /**
   * An authentication response of credential `id` to `options`: the counter
   * moves forward by one unless `counter` is given.
   */
  authenticate(
    id: string,
    options: RequestOptions,
    {
      userVerified = true,
      counter,
      origin,
      userHandle,
    }: { userVerified?: boolean; counter?: number; origin?: string; userHandle?: string } = {}
  ) {
    const credential = this.#credentials.get(id)
    if (!credential) throw new Error(`no credential ${id}`)
    credential.counter = counter ?? credential.counter + 1
    const authData = Buffer.concat([
      this.#rpIdHash(),
      Buffer.from([UP | (userVerified ? UV : 0)]),
      counterBytes(credential.counter),
    ])
    const clientDataJSON = this.#clientData('webauthn.get', options.challenge, origin)
    const signed = Buffer.concat([authData, createHash('sha256').update(clientDataJSON).digest()])
    return {
      id,
      rawId: id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(sign('sha256', signed, credential.privateKey)),
        userHandle: userHandle ?? credential.userHandle,
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    }
  }
}

/** POST /auth/passkeys/options then POST /auth/passkeys with the authenticator's answer: 201, the passkey. */
export async function addPasskey(
  client: ApiClient,
  cookie: string,
  authenticator: SoftAuthenticator,
  name?: string
) {
  const options = await client.post('/auth/passkeys/options').header('cookie', cookie)
  options.assertStatus(200)
  const response = authenticator.register(options.body().data)
  const added = await client
    .post('/auth/passkeys')
    .header('cookie', cookie)
    .json(name === undefined ? { response } : { response, name })
  added.assertStatus(201)
  return { passkey: added.body().data, credentialId: response.id }
}

/** POST /auth/login/passkey/options: the options' data. */
export async function loginOptions(client: ApiClient) {
  const options = await client.post('/auth/login/passkey/options')
  options.assertStatus(200)
  return options.body().data as { challenge: string }
}
