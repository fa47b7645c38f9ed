/**
 * Funding from a connected external Solana wallet, Solana to Solana (spec part 3 §2 'Wallet list'):
 * a System Program transfer of the SOL amount to the funded address, signed by the wallet itself
 * (Wallet Standard `solana:signTransaction`), sent to the funded cluster and confirmed there.
 * @solana/web3.js loads with the first transfer.
 */
import { FUNDING_MESSAGES, FundingError } from '../errors/funding.ts'
import type { ExternalWallet } from '../stores/externalWallets.ts'
import { readBalance } from './balance.ts'
import type { FundingConfig } from './config.ts'

/** Sends `amount` lamports from `wallet` to the funded address; resolves the signature (base58) once confirmed. */
export async function sendFromSolanaWallet(wallet: ExternalWallet, config: FundingConfig, amount: bigint): Promise<string> {
  const sign = wallet.signSolanaTransaction
  if (!sign || config.chainType !== 'solana' || config.erc20Address || config.isUSDC) {
    throw new FundingError(FUNDING_MESSAGES.walletNotEnabled, { code: 'FUNDING_NOT_ENABLED', details: 'Solana to Solana transfers send SOL only.' })
  }
  // Spec §5: the source wallet must hold the amount ('Wallet <address> does not have enough funds.').
  if ((await readBalance(config, wallet.address)) < amount)
    throw new FundingError(FUNDING_MESSAGES.notEnoughFunds(wallet.address), { code: 'INSUFFICIENT_BALANCE' })
  const [{ PublicKey, SystemProgram, Transaction }, { viaExternalWallet }] = await Promise.all([
    import('@solana/web3.js'),
    import('../wallets/solana/request.ts'),
  ])
  // No blockhash or fee payer yet: toVersioned fills them from the cluster (the wallet pays the fee).
  const tx = new Transaction().add(
    SystemProgram.transfer({ fromPubkey: new PublicKey(wallet.address), toPubkey: new PublicKey(config.address), lamports: amount }),
  )
  const [result] = await viaExternalWallet(sign, { address: wallet.address, transactions: [tx], signOnly: false, rpcUrl: config.cluster!.rpcUrl })
  return result!.signature!
}
