/**
 * Spec part 3 §2 'Sign message': 'Shows a decoded text message, … or the raw message.' A 0x-hex
 * message whose bytes are UTF-8 text shows that text; bytes that are not text show raw; a Solana
 * message (base64 bytes) the same. `[part=message]` carries `data-kind` 'text' or 'raw'.
 */
import '../auth-modal/auth-modal.ts'
import './sign-prompt.ts'
import { getWalletProxy } from '../../src/wallets/embedded/proxy.ts'
import { assert, button, equal, shadow, waitFor, wireEmbeddedWallet } from '../testing/harness.ts'
import { signedInWithWallets } from '../testing/signed-in.ts'
import type { SignPromptElement } from './sign-prompt.element.ts'

const ADDRESS = '0x1111111111111111111111111111111111111111'
const SOLANA = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'
/** A 32-byte hash: not UTF-8 (0xff never occurs in UTF-8). */
const HASH = `0xff${'a7'.repeat(31)}`

async function signedIn() {
  const ethereum = wireEmbeddedWallet({ address: ADDRESS, entropy_id: ADDRESS })
  const solana = wireEmbeddedWallet({
    id: 'w2',
    address: SOLANA,
    chain_type: 'solana',
    chain_id: 'solana:mainnet',
    entropy_id: SOLANA,
    entropy_id_verifier: 'solana-address-verifier',
  })
  await signedInWithWallets([ethereum, solana])
  const proxy = getWalletProxy()
  proxy.request = (async () => ({})) as never
  const element = document.createElement('sign-prompt')
  element.setAttribute('cancellable', '')
  document.body.append(element)
  return element
}

/** Opens the prompt with `call`, reads the shown message and its kind, then declines with 'Not now'. */
async function shown(element: SignPromptElement, call: () => Promise<unknown>) {
  const root = shadow(element)
  const pending = call().then(
    () => null,
    (e: { code?: unknown }) => e,
  )
  const message = await waitFor(() => root.querySelector<HTMLElement>('[part~="message"]'), 'the message')
  const result = { text: message.textContent, kind: message.dataset.kind }
  button(root, 'Not now')!.click()
  // Declined: Ethereum's EIP-1193 4001, Solana's USER_REJECTED.
  const code = (await pending)?.code
  assert(code === 4001 || code === 'USER_REJECTED', `declined (${String(code)})`)
  await waitFor(() => root.querySelector('[part~="message"]') === null, 'closed')
  return result
}

describe('<sign-prompt> message kinds', () => {
  it("a 0x-hex message that decodes to text shows the text ('0x48656c6c6f' → 'Hello')", async () => {
    const element = (await signedIn()) as SignPromptElement
    equal(await shown(element, () => element.signMessage({ message: '0x48656c6c6f' })), { text: 'Hello', kind: 'text' })
  })

  it('a 0x-hex message whose bytes are not UTF-8 (a 32-byte hash) shows raw, as given', async () => {
    const element = (await signedIn()) as SignPromptElement
    equal(await shown(element, () => element.signMessage({ message: HASH })), { text: HASH, kind: 'raw' })
    // Bytes given as bytes: the same hex, raw.
    const bytes = Uint8Array.from(HASH.slice(2).match(/../g)!, (b) => parseInt(b, 16))
    equal(await shown(element, () => element.signMessage({ message: bytes })), { text: HASH, kind: 'raw' })
  })

  it('a Solana message (base64 bytes): text shows decoded, other bytes show the raw base64', async () => {
    const element = (await signedIn()) as SignPromptElement
    equal(await shown(element, () => element.signSolanaMessage({ message: 'Hello Solana', address: SOLANA })), { text: 'Hello Solana', kind: 'text' })
    const bytes = Uint8Array.from([0xff, 0xfe, 0x00, 0x01])
    equal(await shown(element, () => element.signSolanaMessage({ message: bytes, address: SOLANA })), { text: '//4AAQ==', kind: 'raw' })
  })
})
