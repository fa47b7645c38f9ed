import { beforeEach, describe, expect, it } from 'vitest'
import { toUser } from '../api/user.ts'
import { $session } from '../stores/session.ts'
import { accessToken, configured, fakeFetch, recordEvents, resetAll, wireUser } from '../testing/harness.ts'
import { unlinkPasskey } from './unlinkPasskey.ts'

const passkey = {
  type: 'passkey',
  address: 'cred-1',
  credential_id: 'cred-1',
  enrolled_in_mfa: false,
  verified_at: 1,
  first_verified_at: 1,
  latest_verified_at: 1,
}

beforeEach(() => {
  resetAll()
  configured()
  const user = toUser(wireUser({ linked_accounts: [...wireUser().linked_accounts, passkey] as never }))
  $session.set({ status: 'authenticated', user, tokens: { token: accessToken(), refreshToken: 'r', identityToken: null } })
})

describe('unlinkPasskey (spec §8 Passkey)', () => {
  it('unlinks and publishes unlink-success', async () => {
    const events = recordEvents()
    fakeFetch({ 'POST /passkeys/unlink': { body: wireUser() } })
    const { user } = await unlinkPasskey({ credentialId: 'cred-1' })
    expect(user.linkedAccounts.map((a) => a.type)).toEqual(['email'])
    expect(events.find(([name]) => name === 'unlink-success')?.[1]).toMatchObject({ unlinkMethod: 'passkey', linkedAccount: { credentialId: 'cred-1' } })
  })

  it("error: a server failure it did not explain (5xx) rejects with 'Unknown error occurred.'", async () => {
    fakeFetch({ 'POST /passkeys/unlink': { status: 500, body: { error: 'boom', code: 'internal_error' } } })
    await expect(unlinkPasskey({ credentialId: 'cred-1' })).rejects.toMatchObject({ shortMessage: 'Unknown error occurred.' })
  })

  it("error: the server's own refusal keeps its text ('Cannot unlink a passkey enrolled in MFA')", async () => {
    fakeFetch({ 'POST /passkeys/unlink': { status: 400, body: { error: 'Cannot unlink a passkey enrolled in MFA', code: 'invalid_data' } } })
    await expect(unlinkPasskey({ credentialId: 'cred-1' })).rejects.toMatchObject({ shortMessage: 'Cannot unlink a passkey enrolled in MFA' })
  })
})
