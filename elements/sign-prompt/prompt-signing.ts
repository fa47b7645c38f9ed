/**
 * `<sign-prompt>`'s typed-data and Solana-only signing, loaded with the first call of one of them
 * (./sign-prompt-methods.ts): the provider, the wallet errors and the chain list stay out of the
 * landing.
 */
import { getEthereumProvider } from '../../src/actions/getEthereumProvider.ts'
import { signMessage } from '../../src/actions/signMessage.ts'
import { EmbeddedWalletError, WALLET_MESSAGES } from '../../src/errors/wallet.ts'
import { $wallets, findWallet } from '../../src/stores/wallets.ts'
import type { CallOptions } from './call-options.ts'

function walletAddress(chainType: 'ethereum' | 'solana', address?: string): string {
  if (address) return address
  const wallet = $wallets.get().find((w) => w.chainType === chainType)
  if (!wallet) throw new EmbeddedWalletError(WALLET_MESSAGES.noWalletForAddress, { code: 'EMBEDDED_WALLET_NOT_FOUND' })
  return wallet.address
}

export async function signTypedData(typedData: object, address: string | undefined, options: CallOptions): Promise<{ signature: string }> {
  const from = walletAddress('ethereum', address)
  const signature = (await getEthereumProvider(from, options).request({ method: 'eth_signTypedData_v4', params: [from, JSON.stringify(typedData)] })) as string
  return { signature }
}

export async function signSolanaMessage(message: string | Uint8Array, address: string | undefined, options: CallOptions): Promise<{ signature: string }> {
  // signMessage would let an Ethereum address sign with personal_sign: this method is Solana only.
  if (address && findWallet(address)?.chainType !== 'solana')
    throw new EmbeddedWalletError(WALLET_MESSAGES.noWalletForAddress, { code: 'EMBEDDED_WALLET_NOT_FOUND' })
  return signMessage({ message, address: walletAddress('solana', address), ...options })
}
