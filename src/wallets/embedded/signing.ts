/**
 * One place where embedded-wallet signatures happen: headless (straight to the frame) or through
 * the `<sign-prompt>` UI, which picks the pending request up from `$signRequest`. Either way the
 * outcome is published once as `sign-success` or `sign-error`.
 */
import type { RpcRequest } from '../../../frame/src/protocol.ts'
import { connectEmbeddedWallet } from '../../actions/connectEmbeddedWallet.ts'
import { errorDetail, toBaseError } from '../../errors/toBaseError.ts'
import { EmbeddedWalletError, WALLET_MESSAGES, WalletProxyError } from '../../errors/wallet.ts'
import { publish } from '../../events/bus.ts'
import { awaitPending } from '../../stores/pending.ts'
import { findWallet, walletRef, type Wallet } from '../../stores/wallets.ts'
import { getWalletProxy, PROXY_TIMEOUTS } from './proxy.ts'
import { requireAccessToken } from './session.ts'
import { $signRequest, type PendingSign, type SignMethod, type SignParameters, type SignUiOptions } from '../../stores/signRequest.ts'

export { $signRequest }
export type { PendingSign, SignMethod, SignParameters, SignUiOptions }

function rpcFor(method: SignMethod, wallet: Wallet, data: unknown): RpcRequest {
  if (method === 'personal_sign') return { method, params: [String(data), wallet.address] }
  if (method === 'eth_signTypedData_v4') return { method, params: [wallet.address, typeof data === 'string' ? data : JSON.stringify(data)] }
  return { method: 'signMessage', params: { message: String(data), encoding: 'base64' } }
}

/** Connects (recovering if needed) and signs in the frame. Used by both paths. */
export async function signInFrame({ method, address, data, signer }: SignParameters): Promise<string> {
  if (signer) return signer()
  const accessToken = await requireAccessToken(WALLET_MESSAGES.mustBeAuthenticatedToSign)
  const wallet = findWallet(address)
  const ref = wallet && walletRef(wallet)
  if (!wallet || !ref) throw new EmbeddedWalletError(WALLET_MESSAGES.noWalletForAddress, { code: 'EMBEDDED_WALLET_NOT_FOUND' })
  // Spec part 3 §9: the proxy gets 15 s to start before Solana message signing (30 s otherwise).
  if (method === 'solana_signMessage') await getWalletProxy().ready(PROXY_TIMEOUTS.solanaInitMs)
  await connectEmbeddedWallet({ address })
  try {
    const { signature } = await getWalletProxy().request('wallets:rpc', { accessToken, wallet: ref, request: rpcFor(method, wallet, data) })
    return signature
  } catch (error) {
    const details = error instanceof WalletProxyError ? error.shortMessage : undefined
    throw new EmbeddedWalletError(WALLET_MESSAGES.failedToSign, { code: 'UNABLE_TO_SIGN', details, cause: error })
  }
}

/** The signature, shown to the user first unless `showWalletUIs` is false. */
export async function requestSignature(parameters: SignParameters): Promise<string> {
  try {
    const signature = parameters.showWalletUIs === false ? await signInFrame(parameters) : await viaPrompt(parameters)
    publish('sign-success', { method: parameters.method, address: parameters.address, signature })
    return signature
  } catch (error) {
    publish('sign-error', { method: parameters.method, address: parameters.address ?? null, ...errorDetail(error) })
    throw toBaseError(error)
  }
}

function viaPrompt(parameters: SignParameters): Promise<string> {
  const replaced = () => new EmbeddedWalletError('Replaced by a newer signature request', { code: 'USER_REJECTED' })
  $signRequest.get()?.reject(replaced())
  ensurePromptElement()
  return awaitPending($signRequest, parameters, replaced)
}

/** A page without a `<sign-prompt>` gets one, so UI signing works from any API entry point. */
function ensurePromptElement() {
  if (typeof document === 'undefined' || document.querySelector('sign-prompt')) return
  document.body.append(document.createElement('sign-prompt'))
}
