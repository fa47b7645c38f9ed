/** The host calls of the Farcaster signer: the frame answers from the key it holds (lazy chunk). */
import { EmbeddedWalletError, WALLET_MESSAGES } from '../errors/wallet.ts'
import { getWalletProxy } from '../wallets/embedded/proxy.ts'
import { requireAccessToken } from '../wallets/embedded/session.ts'

const toHex = (bytes: Uint8Array) => `0x${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}`
const fromHex = (hex: string) => Uint8Array.from(hex.slice(2).match(/../g) ?? [], (h) => parseInt(h, 16))

export async function signerPublicKey(): Promise<Uint8Array | null> {
  const accessToken = await requireAccessToken(WALLET_MESSAGES.mustBeAuthenticatedToSign)
  const { publicKey } = await getWalletProxy().request('farcaster:public-key', { accessToken })
  return publicKey ? fromHex(publicKey) : null
}

export async function signWithSigner(messageHash: Uint8Array | string): Promise<Uint8Array> {
  const hash = typeof messageHash === 'string' ? messageHash : messageHash instanceof Uint8Array ? toHex(messageHash) : null
  if (hash === null) throw new EmbeddedWalletError(WALLET_MESSAGES.failedToSign, { code: 'INVALID_MESSAGE' })
  const accessToken = await requireAccessToken(WALLET_MESSAGES.mustBeAuthenticatedToSign)
  const { signature } = await getWalletProxy().request('farcaster:sign', { accessToken, hash })
  return fromHex(signature)
}
