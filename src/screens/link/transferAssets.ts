/**
 * 'Check account assets before transferring': the balances of the other account's embedded wallets
 * on the app's chains (plain eth_getBalance, read in the browser from the chains' public RPCs).
 */
import type { ChainConfig } from '../../api/types.ts'
import type { TransferWallet } from '../../errors/link.ts'
import { formatUnits } from '../../funding/balance.ts'
import { chainRpc } from '../../wallets/ethereum/chains.ts'

export interface WalletBalance {
  chain: string
  /** '1.5 ETH', or null where the chain could not be read. */
  amount: string | null
}

export interface WalletAssets extends TransferWallet {
  /** null: not read here (a Solana wallet; check it in that account). */
  balances: WalletBalance[] | null
}

export async function readTransferAssets(wallets: TransferWallet[], chains: ChainConfig[]): Promise<WalletAssets[]> {
  return Promise.all(
    wallets.map(async (wallet): Promise<WalletAssets> => {
      if (wallet.chainType !== 'ethereum') return { ...wallet, balances: null }
      const balances = await Promise.all(
        chains
          .filter((chain) => chain.rpcUrl)
          .map(async (chain) => {
            try {
              const wei = BigInt((await chainRpc(chain, 'eth_getBalance', [wallet.address, 'latest'])) as string)
              return { chain: chain.name, amount: `${formatUnits(wei, chain.nativeCurrency.decimals)} ${chain.nativeCurrency.symbol}` }
            } catch {
              return { chain: chain.name, amount: null }
            }
          }),
      )
      return { ...wallet, balances }
    }),
  )
}
