import { describe, expect, it, vi } from 'vitest'
import { isInAppBrowser, oauthBlockedInThisBrowser } from './inAppBrowser.ts'

const UA = {
  instagram:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 309.0.0.28.111 (iPhone14,5; iOS 17_0; en_US)',
  facebook: 'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/430.0.0.27.100;]',
  androidWebView:
    'Mozilla/5.0 (Linux; Android 13; Pixel 7 Build/TQ3A.230805.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36',
  safari: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  chrome: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
}

describe('in-app browsers', () => {
  it('recognises the embedded browsers of social apps and Android web views, not real browsers', () => {
    expect(isInAppBrowser(UA.instagram)).toBe(true)
    expect(isInAppBrowser(UA.facebook)).toBe(true)
    expect(isInAppBrowser(UA.androidWebView)).toBe(true)
    expect(isInAppBrowser(UA.safari)).toBe(false)
    expect(isInAppBrowser(UA.chrome)).toBe(false)
  })

  it('only providers that refuse web views are blocked there', () => {
    expect(oauthBlockedInThisBrowser('google', UA.instagram)).toBe(true)
    expect(oauthBlockedInThisBrowser('github', UA.instagram)).toBe(false)
    expect(oauthBlockedInThisBrowser('google', UA.chrome)).toBe(false)
  })
})

describe('linkOAuth in an in-app browser', () => {
  it("opens 'Could not log in with provider' instead of the popup; closing it is USER_EXITED_LINK_FLOW", async () => {
    const { resetAll, configured, authResponse, APP_ID } = await import('../testing/harness.ts')
    const { applyAuthResponse } = await import('../stores/session.ts')
    const { $modal } = await import('../stores/modal.ts')
    const { publish } = await import('../events/bus.ts')
    const { linkOAuth } = await import('../actions/linkOAuth.ts')
    resetAll()
    configured()
    applyAuthResponse(APP_ID, authResponse())
    vi.stubGlobal('navigator', { userAgent: UA.instagram })
    const open = vi.fn()
    vi.stubGlobal('window', { open })
    const done = linkOAuth('google')
    expect($modal.get().stack.at(-1)).toMatchObject({ name: 'error', title: 'Could not log in with provider' })
    expect(open).not.toHaveBeenCalled()
    publish('modal-close', null)
    await expect(done).rejects.toMatchObject({ code: 'USER_EXITED_LINK_FLOW' })
  })
})
