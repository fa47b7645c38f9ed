/**
 * Spec part 1 §9 'Popup size 440x680', part 2 §9 'popup window 440x680', part 3 §9 (cross-app)
 * 'popup 440x680': every popup the widget opens (OAuth login, cloud-recovery grant, cross-app,
 * funding on-ramp) asks the browser for 440×680, centred on the page's window.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { openCrossAppPopup } from '../crossapp/popup.ts'
import { openFundingPopup } from '../funding/popup.ts'
import { openOAuthPopup } from '../oauth/popup.ts'
import { configured, resetAll } from '../testing/harness.ts'
import { openRecoveryPopup } from '../wallets/embedded/cloudGrant.ts'

let features: string[] = []

beforeEach(() => {
  resetAll()
  configured()
  features = []
  vi.stubGlobal('window', {
    screenX: 100,
    screenY: 50,
    outerWidth: 1440,
    outerHeight: 900,
    open: (_url: string, _name: string, spec: string) => (features.push(spec), { closed: false }),
  })
})
afterEach(() => vi.unstubAllGlobals())

const size = (spec: string) => Object.fromEntries(spec.split(',').map((part) => part.split('=')))

describe('popup windows', () => {
  for (const [name, open] of [
    ['OAuth login', openOAuthPopup],
    ['cloud recovery', openRecoveryPopup],
    ['cross-app', openCrossAppPopup],
    ['funding on-ramp', openFundingPopup],
  ] as const) {
    it(`${name}: 440×680, centred`, () => {
      ;(open as () => unknown)()
      expect(features).toHaveLength(1)
      expect(size(features[0]!)).toMatchObject({ width: '440', height: '680', left: String(100 + (1440 - 440) / 2), top: String(50 + (900 - 680) / 2) })
    })
  }
})
