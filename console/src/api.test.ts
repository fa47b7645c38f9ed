import { afterEach, describe, expect, it, vi } from 'vitest'
import { ConsoleApiError, createConsoleApi } from './api.ts'

/** A fetch that answers every call with this status and the server's `{ error, code }`. */
function answering(status: number, code: string, error: string) {
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ error, code }), { status, headers: { 'content-type': 'application/json' } }))
}

describe("the console's client: who shows a refusal", () => {
  afterEach(() => vi.unstubAllGlobals())

  it("a 403 on a page action is thrown with the server's message, for the page to show beside the action; the shell's panel stays shut", async () => {
    answering(403, 'insufficient_permission', 'This operator may not write')
    const shell = vi.fn()
    const api = createConsoleApi(async () => 'token', shell)
    const refused = await api
      .post('/apps/:app_id/webhooks', { url: 'https://x.test/h', events: ['user.created'] }, { params: { app_id: 'a' } })
      .catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(ConsoleApiError)
    expect((refused as ConsoleApiError).message).toBe('This operator may not write')
    await api.get('/admin/apps/:app_id/secrets', { params: { app_id: 'a' } }).catch(() => undefined)
    expect(shell).not.toHaveBeenCalled()
  })

  it('a 403 of the app list or GET /admin/me, and any 401, go to the shell', async () => {
    const shell = vi.fn()
    const api = createConsoleApi(async () => 'token', shell)
    answering(403, 'insufficient_permission', 'No role')
    await expect(api.get('/admin/apps')).rejects.toBeInstanceOf(ConsoleApiError)
    await expect(api.get('/admin/me')).rejects.toBeInstanceOf(ConsoleApiError)
    answering(401, 'missing_or_invalid_token', 'Sign in')
    await expect(api.delete('/admin/apps/:app_id/secrets/:secret_id', { params: { app_id: 'a', secret_id: 's' } })).rejects.toBeInstanceOf(ConsoleApiError)
    expect(shell.mock.calls.map(([e]) => (e as ConsoleApiError).status)).toEqual([403, 403, 401])
  })
})

describe('the field a refusal names', () => {
  const field = (message: string) => new ConsoleApiError(400, 'invalid_data', message).field

  it("finds schema paths, with a dash inside a key ('google-drive'), and a secret sent back masked", () => {
    expect(field('Invalid field legal.privacyPolicyUrl: must match pattern "^https?://"')).toBe('legal.privacyPolicyUrl')
    expect(field('Invalid field recoveryOAuth.google-drive.issuer: must match pattern "^https?://"')).toBe('recoveryOAuth.google-drive.issuer')
    expect(field('recoveryOAuth.icloud.apiToken is masked but recoveryOAuth.icloud.containerId changed: send the full secret with the new destination')).toBe(
      'recoveryOAuth.icloud.apiToken',
    )
    expect(field('This operator may not write')).toBeNull()
  })
})
