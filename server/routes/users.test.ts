import { createLocalJWKSet, decodeJwt, jwtVerify } from 'jose'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { forEachDatabase, startHarness, type Harness } from '../testing.js'

const ME = '/api/v1/users/me'
const TERMS = '/api/v1/users/me/accept_terms'

forEachDatabase((target) => {
  let h: Harness
  let appId: string
  beforeAll(async () => {
    h = await startHarness(target)
    appId = await h.createApp({ legal: { requireUsersAcceptTerms: true, termsAndConditionsUrl: 'https://example.com/terms' } })
  })
  afterAll(() => h?.close())

  it('users/me answers the user and an identity token carrying the linked accounts', async () => {
    const login = await h.login(appId, 'me@example.com')
    const res = await h.get(ME, { appId, token: login.token })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.user).toEqual(login.user)
    const jwks = createLocalJWKSet((await h.get(`/api/v1/apps/${appId}/jwks.json`)).json())
    const { payload } = await jwtVerify(body.identity_token, jwks, { issuer: 'http://gatehouse.test', audience: appId, currentDate: new Date(h.clock.now()) })
    expect(payload.sub).toBe(login.user.id)
    expect(JSON.parse(payload.linked_accounts as string)).toEqual([expect.objectContaining({ type: 'email', address: 'me@example.com' })])
    // It lives as long as the access token it comes with, no longer.
    expect(payload.exp).toBe(decodeJwt(login.token).exp)
  })

  it("error: users/me late in an access token's life mints no identity token outliving it (nor the logout after)", async () => {
    const login = await h.login(appId, 'late@example.com')
    const accessExp = decodeJwt(login.token).exp!
    h.clock.advance(50 * 60 * 1000)
    const res = await h.get(ME, { appId, token: login.token })
    expect(res.statusCode).toBe(200)
    const identity = decodeJwt(res.json().identity_token)
    expect(identity.exp).toBeLessThanOrEqual(accessExp)
    expect(identity.exp! - identity.iat!).toBeLessThanOrEqual(10 * 60)
    // The login's own identity token ends with its access token too.
    expect(decodeJwt(login.identity_token).exp).toBeLessThanOrEqual(accessExp)
  })

  it('accept_terms sets has_accepted_terms', async () => {
    const login = await h.login(appId, 'terms@example.com')
    expect(login.user.has_accepted_terms).toBe(false)
    const res = await h.post(TERMS, {}, { appId, token: login.token })
    expect(res.statusCode).toBe(200)
    expect(res.json().user.has_accepted_terms).toBe(true)
    expect((await h.get(ME, { appId, token: login.token })).json().user.has_accepted_terms).toBe(true)
    // Also with no body at all, as a bare POST.
    expect((await h.post(TERMS, undefined, { appId, token: login.token })).statusCode).toBe(200)
    // And the next login reports it.
    expect((await h.login(appId, 'terms@example.com')).user.has_accepted_terms).toBe(true)
  })

  it('error: users/me without a bearer answers 401 missing_or_invalid_token', async () => {
    const res = await h.get(ME, { appId })
    expect(res.statusCode).toBe(401)
    expect(res.json().code).toBe('missing_or_invalid_token')
    expect((await h.post(TERMS, {}, { appId })).statusCode).toBe(401)
  })

  it('error: a forged or garbage bearer answers 401 missing_or_invalid_token', async () => {
    const login = await h.login(appId, 'forge@example.com')
    const [head, , sig] = login.token.split('.')
    const claims = Buffer.from(JSON.stringify({ ...decodeJwt(login.token), sub: 'did:privy:someoneelse' })).toString('base64url')
    for (const token of ['garbage', `${head}.${claims}.${sig}`]) {
      const res = await h.get(ME, { appId, token })
      expect(res.statusCode).toBe(401)
      expect(res.json().code).toBe('missing_or_invalid_token')
    }
  })

  it('error: an expired access token answers 401 missing_or_invalid_token', async () => {
    const login = await h.login(appId, 'stale@example.com')
    h.clock.advance(60 * 60 * 1000 + 1000)
    const res = await h.get(ME, { appId, token: login.token })
    expect(res.statusCode).toBe(401)
    expect(res.json().code).toBe('missing_or_invalid_token')
  })

  it('error: an access token of another app answers 401 missing_or_invalid_token', async () => {
    const other = await h.createApp()
    const login = await h.login(other, 'other-app@example.com')
    const res = await h.get(ME, { appId, token: login.token })
    expect(res.statusCode).toBe(401)
    expect(res.json().code).toBe('missing_or_invalid_token')
  })

  it('error: an identity token is not accepted as an access token', async () => {
    const login = await h.login(appId, 'idtoken@example.com')
    const res = await h.get(ME, { appId, token: login.identity_token })
    expect(res.statusCode).toBe(401)
  })
})
