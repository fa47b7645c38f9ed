/**
 * The script of the provider's popup pages (./cross-app-pages.ts), plain JavaScript served as is.
 * It runs the provider's own widget (`/widget/latest/gatehouse.js`, its `<auth-modal>` and
 * `<sign-prompt>`) on the provider's API origin, where the provider's wallet frame holds the keys:
 *
 * - connect: the user logs in to the provider (its own modal, wallet creation included), approves
 *   the requester, and the page posts `{ type, state, code }` to the opener's origin.
 * - transact: the request rides in the URL fragment (never sent to a server); the provider's server
 *   checks the token is this signed-in user's for that requester (POST /cross-app/verify), a
 *   read-only provider refuses transactions, and the provider's own wallet signs after its own
 *   confirmation screen. The page posts `{ type, state, result | error }` to the opener's origin.
 */
export const CROSS_APP_POPUP_SCRIPT = String.raw`
const TEXT = {
  canceled: 'User canceled flow',
  rejected: 'User rejected request',
  readOnly: 'Cannot transact against a read-only provider app',
  tokenRequired: 'Transactions require a valid token',
  invalidApp: 'Invalid connected app',
  initFailed: 'Failed to initialize signature request',
}
const TRANSACTING = ['eth_sendTransaction', 'eth_signTransaction']
const body = document.body
const mode = body.dataset.mode
const status = document.getElementById('status')
const approve = document.getElementById('approve')
const deny = document.getElementById('deny')
const show = (text) => { status.textContent = text }

let request
if (mode === 'connect') {
  const q = new URLSearchParams(location.search)
  request = { app_id: body.dataset.appId, requester_app_id: q.get('requester_app_id'), code_challenge: q.get('code_challenge'), state: q.get('state'), origin: q.get('origin') }
} else {
  try { request = JSON.parse(decodeURIComponent(location.hash.slice(1))) } catch { request = null }
}
const type = mode === 'connect' ? 'gatehouse:cross-app:connect' : 'gatehouse:cross-app:result'
function reply(message) {
  if (!request || !window.opener) return
  let origin
  try { origin = new URL(request.origin).origin } catch { return }
  window.opener.postMessage({ type, state: request.state, ...message }, origin)
}

const once = (target, name) => new Promise((resolve) => target.addEventListener(name, (e) => resolve(e), { once: true }))

async function signedIn(gh, modal) {
  if (!modal.ready) await once(modal, 'auth-ready')
  if (modal.authenticated) return
  show('Log in to continue')
  const success = once(modal, 'auth-success')
  modal.open()
  await success
  // Login may go on with terms and wallet creation: wait for the modal to finish.
  if (gh.$modal.get().open) await once(modal, 'modal-close')
}

async function ethereumWallet(gh) {
  const find = () => gh.$wallets.get().find((w) => w.chainType === 'ethereum')
  if (find()) return find()
  return new Promise((resolve) => {
    const stop = gh.$wallets.listen(() => {
      if (!find()) return
      stop()
      resolve(find())
    })
  })
}

function choose(question, yes, no) {
  show(question)
  approve.textContent = yes
  deny.textContent = no
  approve.hidden = false
  deny.hidden = false
  return new Promise((resolve) => {
    approve.onclick = () => resolve(true)
    deny.onclick = () => resolve(false)
  })
}

async function connect(gh, modal) {
  await signedIn(gh, modal)
  await ethereumWallet(gh)
  let requesterName = 'App ' + request.requester_app_id
  try {
    const res = await fetch('/api/v1/apps/' + encodeURIComponent(request.requester_app_id))
    if (res.ok) requesterName = (await res.json()).name
  } catch {}
  const ok = await choose(requesterName + ' wants to use your account and wallet', 'Connect', 'Cancel')
  approve.hidden = deny.hidden = true
  if (!ok) return reply({ error: TEXT.canceled })
  const code = await gh.approveCrossAppConnection(request.requester_app_id, request.code_challenge, new URL(request.origin).origin)
  show('Connected')
  reply({ code })
}

async function transact(gh, modal) {
  if (!request || !request.token) return reply({ error: TEXT.tokenRequired })
  await signedIn(gh, modal)
  let verified
  try {
    verified = await gh.verifyCrossAppToken(request.token, new URL(request.origin).origin)
  } catch (error) {
    return reply({ error: error.shortMessage === TEXT.invalidApp || error.code === 'forbidden_origin' ? TEXT.invalidApp : TEXT.tokenRequired })
  }
  if (verified.requester_app_id !== request.requester_app_id) return reply({ error: TEXT.invalidApp })
  if (verified.read_only && TRANSACTING.includes(request.method)) return reply({ error: TEXT.readOnly })
  const params = request.params || []
  const address = request.method === 'personal_sign' ? params[1] : request.method === 'eth_signTypedData_v4' ? params[0] : params[0] && params[0].from
  const wallet = verified.embedded_wallets.find((w) => address && w.address.toLowerCase() === String(address).toLowerCase()) || verified.embedded_wallets[0]
  if (!wallet) return reply({ error: TEXT.initFailed })
  show('Confirm in your wallet')
  try {
    const answer = await modal.getEthereumProvider(wallet.address).request({ method: request.method, params })
    const result = request.method === 'eth_sendTransaction' ? { hash: answer } : { signature: answer }
    show('Done')
    reply({ result })
  } catch (error) {
    reply({ error: error && error.code === 4001 ? TEXT.rejected : (error && (error.shortMessage || error.message)) || TEXT.rejected })
  }
}

async function main() {
  if (!request || !request.app_id) {
    show(TEXT.initFailed)
    return
  }
  const modal = document.createElement('auth-modal')
  modal.setAttribute('app-id', request.app_id)
  modal.setAttribute('api-url', location.origin)
  document.body.append(modal, document.createElement('sign-prompt'))
  const gh = await import('/widget/latest/gatehouse.js')
  try {
    if (mode === 'connect') await connect(gh, modal)
    else await transact(gh, modal)
  } catch (error) {
    show(error && error.shortMessage ? error.shortMessage : 'Something went wrong')
    reply({ error: mode === 'connect' ? (error && error.shortMessage) || TEXT.canceled : TEXT.initFailed })
  }
}
main()
`
