/**
 * The key export page (`/apps/:app_id/embedded-wallets/export`), shown in a 44 px frame inside
 * the modal (spec part 3 §7, §9). The host sends the access token and which wallet; the page
 * rebuilds the key here and offers it as a row of buttons ('Copy key', 'Copy phrase') that copy
 * it to the clipboard from inside this frame. The secret is never put in the page's DOM and never
 * posted to the host: the reply says only that the buttons are ready.
 *
 * The query names the wallet (unified: `wallet_id`) and carries the modal's theme colours; the
 * legacy parameters (`entropy_id`, `hd_wallet_index`, …) are accepted and ignored, since the wallet
 * is named in the message too.
 */
import { exportFormat } from './custody.ts'
import { DeviceKey, indexedDbKeyStore } from './device.ts'
import { exportQuery } from './exportQuery.ts'
import { originAllowed, readFrameConfig } from './origin.ts'
import { PROTOCOL_TAG, type FrameReply, type FrameRequest } from './protocol.ts'
import { ProxyError, Vault } from './vault.ts'

const config = readFrameConfig()
const query = exportQuery(new URLSearchParams(location.search))
// Same origin as the wallet frame: the same device key and device shares. The server serves
// key material for export only after a login ceremony of the last 5 minutes.
const vault = new Vault(config.appId, DeviceKey.open(indexedDbKeyStore(config.appId)), 'export')

const FAILURE_TEXT: Record<string, string> = {
  wallet_not_on_device: 'This wallet is not on this device yet.',
  reauthentication_required: 'For your security, log in again to export your wallet.',
  session_not_on_device: 'Log in again on this device to export your wallet.',
}
/** Spec part 2 §9: the copy checkmark shows for 2 s. */
const COPIED_MS = 2_000
const root = document.getElementById('export')!
for (const [name, value] of Object.entries(query.colors)) document.documentElement.style.setProperty(`--${name}`, value)

/** A button that copies `secret` (held in this closure only) when pressed. */
function copyButton(id: string, label: string, secret: string): HTMLButtonElement {
  const button = document.createElement('button')
  button.type = 'button'
  button.id = id
  button.textContent = label
  button.addEventListener('click', () => {
    navigator.clipboard.writeText(secret).then(
      () => {
        button.textContent = 'Copied'
        setTimeout(() => (button.textContent = label), COPIED_MS)
      },
      () => (button.textContent = 'Copy failed'),
    )
  })
  return button
}

async function show(request: FrameRequest<'export:show'>): Promise<void> {
  const { accessToken, wallet, walletId } = request.payload
  // The frame exports the wallet its URL names, not another one a message swapped in.
  if (query.walletId && walletId !== query.walletId) throw new ProxyError('invalid_request_arguments', 'The wallet does not match the export page')
  const key = await vault.key(accessToken, wallet)
  const buttons = [copyButton('copy-key', 'Copy key', exportFormat(key))]
  // The seed phrase covers every wallet of the secret, so it is offered with the primary one only.
  const phrase = query.phraseExport && !wallet.imported ? await vault.seedPhrase(wallet.entropyId) : null
  if (phrase) buttons.push(copyButton('copy-phrase', 'Copy phrase', phrase))
  root.replaceChildren(...buttons)
}

window.addEventListener('message', (event: MessageEvent) => {
  if (event.source !== window.parent || event.source === window || !originAllowed(config, event.origin)) return
  const data = event.data as FrameRequest | undefined
  if (!data || data.tag !== PROTOCOL_TAG || data.type !== 'export:show') return
  const reply = (r: FrameReply) => (event.source as Window).postMessage(r, event.origin)
  show(data as FrameRequest<'export:show'>).then(
    () => reply({ tag: PROTOCOL_TAG, id: data.id, ok: true, result: { ok: true } }),
    (error) => {
      const type = error instanceof ProxyError ? error.type : 'error'
      const status = document.getElementById('status') ?? root
      status.textContent = FAILURE_TEXT[type] ?? 'Something went wrong'
      reply({ tag: PROTOCOL_TAG, id: data.id, ok: false, error: { type, message: error instanceof ProxyError ? error.message : 'Unable to export wallet' } })
    },
  )
})
