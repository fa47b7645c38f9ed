import * as gatehouse from '../src/index.ts'
import { assert } from './testing/harness.ts'

// Tag methods whose module export has another name.
const EXPORTED_AS: Record<string, string> = {
  open: 'openModal',
  close: 'closeModal',
  loginWithWallet: 'startWalletLogin',
  signSolanaMessage: 'signMessage',
  fund: 'fundWallet', // <fund-button>'s click as a method
  signTypedData: 'getEthereumProvider',
}
// Methods that only make sense on a tag.
const TAG_ONLY = new Set([
  'syncCustomToken', // re-runs the sync of the tag's getCustomAccessToken property
  'openRecoverySettings', // opens a screen of the modal
  'setActive', // which connected <sign-prompt> renders requests
])
// Module exports that are not flows a host starts: the tags run them themselves or they are building blocks of a flow that is on the tag.
const MODULE_ONLY = new Set<string>([
  'initialize', // the tag runs it from its app-id and api-url attributes
  'validateSetup', // initialize's argument check
  'resetInitializeState', // a test hook
  'refreshSession', // the tag refreshes by itself; getAccessToken is the host's call
  'acceptTerms', // the terms screen ('One last step')
  'transferAccount', // the account transfer screen
  'connectEmbeddedWallet', // wallet actions connect the frame themselves
  'recoverWallet', // the 'Enter your password' screen
  'linkWithEmailCode', // the code step of linkEmail ('Connect your email')
  'updateEmailWithCode', // the code step of updateEmail
  'linkWithSmsCode', // the code step of linkPhone
  'updatePhoneWithCode', // the code step of updatePhone
  'linkWithPasskey', // the step linkPasskey's status screen runs
  'loginWithSiwe', // the signature step of loginWithWallet (the wallet list)
  'loginWithSiws', // the same for Solana wallets
  'loginWithTelegram', // takes the result of Telegram's own login widget
  'approveCrossAppConnection', // the provider's own popup page (server/routes/cross-app-popup.ts), not a host's flow
  'verifyCrossAppToken', // the same popup's transact page checks the requester's token
])

const exportedFunctions = () =>
  Object.entries(gatehouse)
    .filter(([name, value]) => typeof value === 'function' && /^[a-z]/.test(name))
    .map(([name]) => name)

describe('module exports (src/index.ts) and tag methods (custom-elements.json)', () => {
  let methods: string[] = []
  beforeEach(async () => {
    const manifest = await (await fetch('/custom-elements.json')).json()
    methods = manifest.modules
      .flatMap((m: any) => m.declarations ?? [])
      .flatMap((d: any) => (d.members ?? []).filter((m: any) => m.kind === 'method').map((m: any) => m.name))
  })

  it('every public method of <auth-modal> and <sign-prompt> is also a module export', () => {
    assert(methods.includes('signMessage') && methods.includes('linkOAuth') && methods.includes('resendSmsCode'), 'the manifest lists the methods')
    const missing = methods.filter(
      (name: string) => !TAG_ONLY.has(name) && typeof (gatehouse as Record<string, unknown>)[EXPORTED_AS[name] ?? name] !== 'function',
    )
    assert(missing.length === 0, `not exported from src/index.ts: ${missing.join(', ')}`)
  })

  it('every flow the module exports is also a tag method', () => {
    const onTag = new Set(methods.map((name) => EXPORTED_AS[name] ?? name))
    const missing = exportedFunctions().filter((name) => !onTag.has(name) && !MODULE_ONLY.has(name))
    assert(missing.length === 0, `module exports missing from the tags (add a host method, or to MODULE_ONLY with the reason): ${missing.join(', ')}`)
  })

  it('the exception lists name nothing that does not exist', () => {
    const exported = new Set(exportedFunctions())
    const stale = [...MODULE_ONLY].filter((name) => !exported.has(name) || methods.includes(name))
    const staleTag = [...TAG_ONLY].filter((name) => !methods.includes(name))
    assert(stale.length === 0 && staleTag.length === 0, `stale entries: ${[...stale, ...staleTag].join(', ')}`)
  })
})
