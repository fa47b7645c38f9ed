/**
 * 'Add funds' on the confirmation screen (spec part 3 §4): when funds are short, funding is
 * available and the transaction is not sponsored, the main button opens the funding flow for the
 * transacting wallet on the transaction's chain (an id, or 'solana:<cluster>' for the Solana screen;
 * comingFromSendTransactionScreen). The prompt hides
 * while the modal is open and prepares again afterwards (the balance changed).
 */
import { $config } from '../../stores/config.ts'

export function fundingAvailable(): boolean {
  const funding = $config.get().app?.funding
  return Boolean(funding?.enabled && funding.options.length > 0)
}

/** Resolves when the funding flow ended, funded or not (its own events report which). */
export async function addFunds(address: string, chain: number | string): Promise<void> {
  const { fundWallet } = await import('../../actions/fundWallet.ts')
  await fundWallet(address, { chain, comingFromSendTransactionScreen: true }).catch(() => undefined)
}
