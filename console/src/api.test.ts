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
