import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { forEachDatabase, startHarness, type Harness } from '../testing.js'

const AUTH = '/api/v1/guest/authenticate'

forEachDatabase((target) => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness(target)
  })
  afterAll(async () => h?.close())

  const guestApp = () => h.createApp({ loginMethods: { email: true, guest: true } })

  it('a guest credential signs up a guest user; the same credential is the same guest', async () => {
    const appId = await guestApp()
    const credential = randomBytes(32).toString('base64url')
    const first = await h.post(AUTH, { guest_credential: credential }, { appId })
    expect(first.statusCode).toBe(200)
    expect(first.json()).toMatchObject({ is_new_user: true, user: { is_guest: true, linked_accounts: [{ type: 'guest' }] } })
    // Only a hash of the credential is stored and shown.
    expect(JSON.stringify(first.json().user)).not.toContain(credential)
    const again = await h.post(AUTH, { guest_credential: credential }, { appId })
    expect(again.json()).toMatchObject({ is_new_user: false, user: { id: first.json().user.id, is_guest: true } })
  })

  it('error: a guest cannot link an account', async () => {
    const appId = await guestApp()
    const guest = await h.post(AUTH, { guest_credential: randomBytes(32).toString('base64url') }, { appId })
    await h.post('/api/v1/passwordless/init', { email: 'guest.link@example.com' }, { appId })
    const link = await h.post(
      '/api/v1/passwordless/link',
      { email: 'guest.link@example.com', code: h.lastCode('guest.link@example.com') },
      { appId, token: guest.json().token },
    )
    expect(link.statusCode).toBeGreaterThanOrEqual(400)
    expect(link.json().error).toMatch(/guest/i)
  })

  it('error: a credential that is not 32 bytes of base64url is refused', async () => {
    const appId = await guestApp()
    const bad = await h.post(AUTH, { guest_credential: 'short' }, { appId })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().code).toBe('invalid_data')
  })
})
