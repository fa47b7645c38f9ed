import type { FastifyRequest } from 'fastify'
import { describe, expect, it } from 'vitest'
import { isSafariUserAgent as isSafari } from '@gatehouse/contract'
import { cookieSession } from './session-cookie.js'

const SAFARI = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15'
const IOS_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'
const CHROME = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'
const HEADLESS = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36'
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0'
const ANDROID = 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0.0.0 Mobile Safari/537.36'

const request = (origin: string, userAgent?: string) => ({ headers: { origin, 'user-agent': userAgent } }) as unknown as FastifyRequest

describe('token cookie Secure attribute (spec part 1 §9: Secure except on Safari with a localhost origin)', () => {
  it('tells Safari (desktop and iOS) from the Chromium family and Firefox', () => {
    expect([SAFARI, IOS_SAFARI].map(isSafari)).toEqual([true, true])
    expect([CHROME, HEADLESS, FIREFOX, ANDROID, undefined].map(isSafari)).toEqual([false, false, false, false, false])
  })

  it('drops Secure only for Safari on a localhost origin', () => {
    for (const host of ['localhost', '127.0.0.1']) {
      const [origin, api] = [`http://${host}:5173`, `http://${host}:8787`]
      expect(cookieSession(request(origin, SAFARI), api)?.secure).toBe(false)
      for (const ua of [CHROME, HEADLESS, FIREFOX, undefined]) expect(cookieSession(request(origin, ua), api)?.secure).toBe(true)
    }
  })

  it('keeps Secure for Safari away from localhost', () => {
    expect(cookieSession(request('https://app.example.com', SAFARI), 'https://auth.example.com')?.secure).toBe(true)
  })
})
