import { describe, expect, it } from 'vitest'
import type { LinkedAccount } from '../../api/user.ts'
import { passkeyTitle } from './PasskeyList.tsx'

const passkey = (fields: Partial<Record<'authenticatorName' | 'createdWithBrowser' | 'createdWithOs', string | null>>) =>
  ({ type: 'passkey', credentialId: 'cred-1', authenticatorName: null, createdWithBrowser: null, createdWithOs: null, ...fields }) as unknown as LinkedAccount

/** Spec part 1 §3, part 2 §2: 'authenticator on browser', or 'browser on OS', or 'Unknown device'. */
describe('passkeyTitle', () => {
  it("names a passkey 'authenticator on browser' when both are known", () => {
    expect(passkeyTitle(passkey({ authenticatorName: 'iCloud Keychain', createdWithBrowser: 'Safari', createdWithOs: 'macOS' }))).toBe(
      'iCloud Keychain on Safari',
    )
  })
  it("falls back to 'browser on OS' without an authenticator name", () => {
    expect(passkeyTitle(passkey({ createdWithBrowser: 'Chrome', createdWithOs: 'Linux' }))).toBe('Chrome on Linux')
  })
  it("says 'Unknown device' when neither pair is known", () => {
    expect(passkeyTitle(passkey({}))).toBe('Unknown device')
    expect(passkeyTitle(passkey({ createdWithBrowser: 'Firefox' }))).toBe('Unknown device')
    expect(passkeyTitle(passkey({ createdWithOs: 'Android' }))).toBe('Unknown device')
    // An authenticator name without the browser it was made in is neither form.
    expect(passkeyTitle(passkey({ authenticatorName: '1Password', createdWithOs: 'Windows' }))).toBe('Unknown device')
  })
})
