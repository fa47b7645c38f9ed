/**
 * Funding from a connected external wallet, Ethereum to Ethereum (spec part 3 §2 'Wallet list'; Solana
 * to Solana is `solanaWalletTransfer.ts`; the cross-chain cases send a bridge quote's step): the
 * wallet's own provider switches to the funded chain (adding it when the wallet lacks it) and sends the native amount (or an ERC-20
 * `transfer`), then the receipt is read from the chain's RPC.
 */
import { FUNDING_MESSAGES, FundingError } from '../errors/funding.ts'
import type { ExternalWallet } from '../stores/externalWallets.ts'
import { chainRpc } from '../wallets/ethereum/chains.ts'
import { switchOrAddChain } from '../wallets/ethereum/switchChain.ts'
import { readBalance } from './balance.ts'
import type { FundingConfig } from './config.ts'
import type { ChainConfig } from '../api/types.ts'
import { BRIDGE_TEXT, type BridgeOption, type BridgeTransaction } from './bridge.ts'
import { sendFromSolanaWallet, sendSolanaBridgeTransaction } from './solanaWalletTransfer.ts'

type Provider = { request(args: { method: string; params?: unknown[] }): Promise<unknown> }

const RECEIPT_POLL_MS = 500

/**
 * Sends a bridge quote's steps from the connected wallet, in order: on Ethereum on its chain
 * (switching first), each step after the previous one's receipt (an ERC-20 origin's 'approve'
 * before the 'deposit'); on Solana signed by the wallet and sent to the app's cluster. Resolves the
 * last step's hash (signature), the one the status is polled by, once broadcast.
 */
export async function sendBridgeTransaction(wallet: ExternalWallet, option: BridgeOption): Promise<string> {
  const steps = option.steps.length ? option.steps : [{ id: 'deposit', transaction: option.transaction }]
  let hash = ''
  if (steps.every((s) => s.transaction.kind === 'svm')) {
    for (const step of steps) hash = await sendSolanaBridgeTransaction(wallet, step.transaction as Extract<BridgeTransaction, { kind: 'svm' }>)
    return hash
  }
  if (!wallet.getEthereumProvider || !option.chain || steps.some((s) => s.transaction.kind !== 'evm'))
    throw new FundingError(BRIDGE_TEXT.invalid, { code: 'BRIDGE_QUOTE_FAILED' })
  const chain = option.chain
  const provider = (await wallet.getEthereumProvider()) as Provider
  await switchOrAddChain(provider, chain)
  for (const [index, step] of steps.entries()) {
    const tx = step.transaction as Extract<BridgeTransaction, { kind: 'evm' }>
    hash = (await provider.request({
      method: 'eth_sendTransaction',
      params: [{ from: wallet.address, to: tx.to, data: tx.data, value: `0x${BigInt(tx.value).toString(16)}` }],
    })) as string
    // The deposit spends the approval: it goes out once the approval is mined.
    if (index < steps.length - 1) await waitForReceipt(chain, hash)
  }
  return hash
}
const RECEIPT_TIMEOUT_MS = 120_000

/** Polls the chain's RPC for the receipt; 'Transaction failed' when it reverted or none comes within 2 minutes. */
async function waitForReceipt(chain: ChainConfig, hash: string): Promise<void> {
  const until = Date.now() + RECEIPT_TIMEOUT_MS
  while (Date.now() < until) {
    const receipt = (await chainRpc(chain, 'eth_getTransactionReceipt', [hash])) as { status: string } | null
    if (receipt) {
      if (receipt.status !== '0x1') throw new FundingError('Transaction failed', { code: 'TRANSACTION_FAILURE' })
      return
    }
    await new Promise((r) => setTimeout(r, RECEIPT_POLL_MS))
  }
  throw new FundingError('Transaction failed', { code: 'TRANSACTION_FAILURE', details: 'No receipt within 2 minutes.' })
}

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
  await switchOrAddChain(provider, chain)
  const tx = config.erc20Address
    ? {
        from: wallet.address,
        to: config.erc20Address,
        data: `0xa9059cbb${config.address.slice(2).toLowerCase().padStart(64, '0')}${amount.toString(16).padStart(64, '0')}`,
      }
    : { from: wallet.address, to: config.address, value: `0x${amount.toString(16)}` }
  const hash = (await provider.request({ method: 'eth_sendTransaction', params: [tx] })) as string
  await waitForReceipt(chain, hash)
  return hash
}
