import * as gatehouse from '../src/index.ts'
import { assert } from './testing/harness.ts'

// Tag methods whose module export has another name, and the few that only make sense on a tag.
const EXPORTED_AS: Record<string, string> = {
  open: 'openModal',
  close: 'closeModal',
  loginWithWallet: 'startWalletLogin',
  signSolanaMessage: 'signMessage',
  signTypedData: 'getEthereumProvider',
}
const TAG_ONLY = new Set([
  'syncCustomToken', // re-runs the sync of the tag's getCustomAccessToken property
  'openRecoverySettings', // opens a screen of the modal
  'setActive', // which connected <sign-prompt> renders requests
])

describe('module exports (src/index.ts)', () => {
  it('every public method of <auth-modal> and <sign-prompt> (custom-elements.json) is also a module export', async () => {
    const manifest = await (await fetch('/custom-elements.json')).json()
    const methods = manifest.modules
      .flatMap((m: any) => m.declarations ?? [])
      .flatMap((d: any) => (d.members ?? []).filter((m: any) => m.kind === 'method').map((m: any) => m.name))
    assert(methods.includes('signMessage') && methods.includes('linkOAuth'), 'the manifest lists the methods')
    const missing = methods.filter(
      (name: string) => !TAG_ONLY.has(name) && typeof (gatehouse as Record<string, unknown>)[EXPORTED_AS[name] ?? name] !== 'function',
    )
    assert(missing.length === 0, `not exported from src/index.ts: ${missing.join(', ')}`)
  })
})
