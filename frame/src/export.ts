/**
 * The key export page (`/apps/:app_id/embedded-wallets/export`), shown in a visible frame inside
 * the modal. The host sends the access token and which wallet; the page rebuilds the key here and
 * renders it here. The reply to the host says only that it is shown.
 */
import { exportFormat } from './custody.ts'
import { DeviceKey, indexedDbKeyStore } from './device.ts'
import { originAllowed, readFrameConfig } from './origin.ts'
import { PROTOCOL_TAG, type FrameReply, type FrameRequest } from './protocol.ts'
import { ProxyError, Vault } from './vault.ts'

const config = readFrameConfig()
// Same origin as the wallet frame: the same device key and device shares. The server serves
// key material for export only after a login ceremony of the last 5 minutes.
const vault = new Vault(config.appId, DeviceKey.open(indexedDbKeyStore(config.appId)), 'export')

const FAILURE_TEXT: Record<string, string> = {
  wallet_not_on_device: 'This wallet is not on this device yet.',
  reauthentication_required: 'For your security, log in again to export your wallet.',
  session_not_on_device: 'Log in again on this device to export your wallet.',
}
const root = document.getElementById('export')!

function field(label: string, value: string, id: string) {
  const wrap = document.createElement('section')
  wrap.style.cssText = 'margin:0 0 10px'
  const title = document.createElement('div')
  title.textContent = label
  title.style.cssText = 'font-weight:600;margin-bottom:4px'
  const box = document.createElement('code')
  box.id = id
  box.textContent = value
  box.style.cssText = 'display:block;padding:8px;border:1px solid #e2e3f0;border-radius:8px;user-select:all;font-size:12px'
  const copy = document.createElement('button')
  copy.type = 'button'
  copy.textContent = 'Copy'
  copy.style.cssText = 'margin-top:4px'
  copy.addEventListener('click', () => {
    void navigator.clipboard?.writeText(value).then(() => {
      copy.textContent = 'Copied'
      setTimeout(() => (copy.textContent = 'Copy'), 2000)
    })
  })
  wrap.append(title, box, copy)
  return wrap
}

async function show(request: FrameRequest<'export:show'>): Promise<void> {
  const { accessToken, wallet } = request.payload
  const key = await vault.key(accessToken, wallet)
  const parts = [field('Private key', exportFormat(key), 'private-key')]
  // The seed phrase covers every wallet of the secret, so it is offered with the primary one only.
  const phrase = wallet.imported ? null : await vault.seedPhrase(wallet.entropyId)
  if (phrase) parts.push(field('Seed phrase', phrase, 'seed-phrase'))
  root.replaceChildren(...parts)
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
