import { test } from '@japa/runner'
import { resetDatabase } from '#tests/helpers/database'
import { signUpOn } from '#tests/helpers/accounts'
import { AppProcess } from '#tests/helpers/app_process'

/** The options a signed-in account gets to add a passkey, from a server process. */
async function registrationOptions(api: AppProcess) {
  const { cookie } = await signUpOn(api)
  const response = await api.fetch('/auth/passkeys/options', {
    method: 'POST',
    headers: { cookie },
  })
  if (response.status !== 200) throw new Error(`${response.status}: ${await response.text()}`)
  const { data } = (await response.json()) as { data: { rp: { id: string; name: string } } }
  return data
}

test.group('Passkeys: the relying party as configured', (group) => {
  let api: AppProcess | undefined

  group.each.setup(() => resetDatabase())
  group.each.teardown(async () => {
    await api?.kill()
    api = undefined
  })

  test('a WEBAUTHN_RP_ID that is not a domain name, or a WEBAUTHN_ORIGINS entry that is not an origin, stops the server, named', async ({
    assert,
  }) => {
    for (const bad of ['https://example.com', '127.0.0.1', 'example.com:443']) {
      api = await AppProcess.production({ WEBAUTHN_RP_ID: bad })
      await api.start({ waitFor: 'nothing' })
      assert.notEqual(await api.exited(), 0, bad)
      assert.include(api.output, `"WEBAUTHN_RP_ID": "${bad}" is not a domain name`)
    }
    api = await AppProcess.production({
      WEBAUTHN_ORIGINS: 'https://app.example.com, https://app.example.com/login',
    })
    await api.start({ waitFor: 'nothing' })
    assert.notEqual(await api.exited(), 0)
    assert.include(
      api.output,
      `"WEBAUTHN_ORIGINS": "https://app.example.com/login" is not an origin`
    )
  }).timeout(60_000)

  test('by default the relying party is FRONTEND_URL’s host; WEBAUTHN_RP_ID and WEBAUTHN_RP_NAME win', async ({
    assert,
  }) => {
    api = await AppProcess.production({ FRONTEND_URL: 'https://app.example.com/' })
    await api.start()
    const byDefault = await registrationOptions(api)
    assert.deepEqual(byDefault.rp, {
      id: 'app.example.com',
      name: 'Events',
    })
    await api.kill()

    await resetDatabase()
    api = await AppProcess.production({
      FRONTEND_URL: 'https://app.example.com',
      WEBAUTHN_RP_ID: 'Example.COM',
      WEBAUTHN_RP_NAME: 'Acme Events',
    })
    await api.start()
    const configured = await registrationOptions(api)
    assert.deepEqual(configured.rp, {
      id: 'example.com',
      name: 'Acme Events',
    })
  }).timeout(60_000)
})
