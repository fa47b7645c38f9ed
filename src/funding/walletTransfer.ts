/**
 * Funding from a connected external wallet, Ethereum to Ethereum (spec part 3 §2 'Wallet list'; Solana
 * to Solana is `solanaWalletTransfer.ts`; the cross-chain cases send a bridge quote's step): the
 * wallet's own provider switches to the funded chain and sends the native amount (or an ERC-20
 * `transfer`), then the receipt is read from the chain's RPC.
 */
import { FUNDING_MESSAGES, FundingError } from '../errors/funding.ts'
import type { ExternalWallet } from '../stores/externalWallets.ts'
import { chainRpc } from '../wallets/ethereum/chains.ts'
import { readBalance } from './balance.ts'
import type { FundingConfig } from './config.ts'
import { BRIDGE_TEXT, type BridgeOption } from './bridge.ts'
import { sendFromSolanaWallet, sendSolanaBridgeTransaction } from './solanaWalletTransfer.ts'

type Provider = { request(args: { method: string; params?: unknown[] }): Promise<unknown> }

const RECEIPT_POLL_MS = 500

/**
 * Sends a bridge quote's transaction from the connected wallet: on Ethereum on its chain (switching
 * first), on Solana signed by the wallet and sent to the app's cluster; resolves the hash (signature)
 * once broadcast.
 */
export async function sendBridgeTransaction(wallet: ExternalWallet, option: BridgeOption): Promise<string> {
  const tx = option.transaction
  if (tx.kind === 'svm') return sendSolanaBridgeTransaction(wallet, tx)
  if (!wallet.getEthereumProvider || !option.chain) throw new FundingError(BRIDGE_TEXT.invalid, { code: 'BRIDGE_QUOTE_FAILED' })
  const provider = (await wallet.getEthereumProvider()) as Provider
  const chainHex = `0x${option.chain.id.toString(16)}`
  if ((await provider.request({ method: 'eth_chainId' })) !== chainHex)
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: chainHex }] })
  const hash = (await provider.request({
    method: 'eth_sendTransaction',
    params: [{ from: wallet.address, to: tx.to, data: tx.data, value: `0x${BigInt(tx.value).toString(16)}` }],
  })) as string
  return hash
}
const RECEIPT_TIMEOUT_MS = 120_000

export async function sendFromWallet(wallet: ExternalWallet, config: FundingConfig, amount: bigint): Promise<string> {
  if (config.chainType === 'solana' && wallet.chainType === 'solana') return sendFromSolanaWallet(wallet, config, amount)
  if (config.chainType !== 'ethereum' || wallet.chainType !== 'ethereum' || !wallet.getEthereumProvider) {
    throw new FundingError(FUNDING_MESSAGES.walletNotEnabled, {
      code: 'FUNDING_NOT_ENABLED',
      details: 'Only Ethereum to Ethereum and Solana to Solana transfers are built.',
    })
  }
  const chain = config.chain!
  // Spec §5: the source wallet must hold the amount ('Wallet <address> does not have enough funds.').
  if ((await readBalance(config, wallet.address)) < amount)
    throw new FundingError(FUNDING_MESSAGES.notEnoughFunds(wallet.address), { code: 'INSUFFICIENT_BALANCE' })
  const provider = (await wallet.getEthereumProvider()) as Provider
  const chainHex = `0x${chain.id.toString(16)}`
  if ((await provider.request({ method: 'eth_chainId' })) !== chainHex)
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: chainHex }] })
  const tx = config.erc20Address
    ? {
        from: wallet.address,
        to: config.erc20Address,
        data: `0xa9059cbb${config.address.slice(2).toLowerCase().padStart(64, '0')}${amount.toString(16).padStart(64, '0')}`,
      }
    : { from: wallet.address, to: config.address, value: `0x${amount.toString(16)}` }
  const hash = (await provider.request({ method: 'eth_sendTransaction', params: [tx] })) as string
  const until = Date.now() + RECEIPT_TIMEOUT_MS
  while (Date.now() < until) {
    const receipt = (await chainRpc(chain, 'eth_getTransactionReceipt', [hash])) as { status: string } | null
    if (receipt) {
      if (receipt.status !== '0x1') throw new FundingError('Transaction failed', { code: 'TRANSACTION_FAILURE' })
      return hash
    }
    await new Promise((r) => setTimeout(r, RECEIPT_POLL_MS))
  }
  throw new FundingError('Transaction failed', { code: 'TRANSACTION_FAILURE', details: 'No receipt within 2 minutes.' })
}
