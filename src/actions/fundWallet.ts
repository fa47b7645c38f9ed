import { FUNDING_MESSAGES, FundingError } from '../errors/funding.ts'
import { publish } from '../events/bus.ts'
import type { FundSuccessEventDetail } from '../events/fund-success.ts'
import { buildFundingConfig, isSolanaAddress, type FundWalletOptions } from '../funding/config.ts'
import { startResumedPurchase, storedPurchase } from '../funding/resume.ts'
import { startFunding } from '../funding/session.ts'
import { toBaseError } from '../errors/toBaseError.ts'
import { $config } from '../stores/config.ts'
import { $modal, resetScreens } from '../stores/modal.ts'
import { $session } from '../stores/session.ts'
import { $wallets } from '../stores/wallets.ts'
import { modalClosed } from '../wallets/embedded/modal.ts'
import { login } from './login.ts'

export type { FundWalletOptions }
export type FundWalletParameters = FundWalletOptions & { address?: string }
export type FundWalletReturnType = FundSuccessEventDetail
export type FundWalletErrorType = FundingError

/** How long to wait, after a login, for the embedded wallet created on login to appear. */
const WALLET_WAIT_MS = 30_000

function firstWallet(chainType: 'ethereum' | 'solana'): string | undefined {
  return $wallets.get().find((w) => w.chainType === chainType)?.address
}

async function waitForWallet(chainType: 'ethereum' | 'solana'): Promise<string | undefined> {
  const found = firstWallet(chainType)
  if (found) return found
  return new Promise((resolve) => {
    const timer = setTimeout(() => done(undefined), WALLET_WAIT_MS)
    const stop = $wallets.listen(() => firstWallet(chainType) && done(firstWallet(chainType)))
    function done(address: string | undefined) {
      clearTimeout(timer)
      stop()
      resolve(address)
    }
  })
}

/**
 * Opens the funding flow in the modal for `address` (default: the user's first embedded wallet of
 * the chain's type): the method chooser ('Add funds to your <wallet> wallet'), or the default
 * method's flow directly. A logged-out user logs in first. Resolves with the funding result once
 * funds arrived (also published as `fund-success`); rejects with the spec's text ('Wallet funding
 * is not enabled', 'Funding chain <id> is not in PrivyProvider chains list', …) or
 * USER_EXITED_FUNDING_FLOW when the modal closes first (`fund-error`).
 *
 * @example
 * const result = await fundWallet(wallet.address, { chain: 8453, asset: 'USDC', amount: '10' })
 */
export async function fundWallet(address?: string, options: FundWalletOptions = {}): Promise<FundWalletReturnType> {
  let started = false
  try {
    const chainType = (typeof options.chain === 'string' && options.chain.startsWith('solana')) || (address && isSolanaAddress(address)) ? 'solana' : 'ethereum'
    // Validate before asking anyone to log in: a misconfigured app must not cost the user a login.
    buildFundingConfig($config.get().app, address ?? '', options)
    if ($session.get().status !== 'authenticated') {
      // Start on the landing screen, not on whatever a flow closed within the reset delay left there.
      if (!$modal.get().open) resetScreens()
      await login()
      // The login's own steps (terms, wallet creation, 'Welcome') finish before funding takes the modal.
      if ($modal.get().open) await modalClosed()
    }
    const target = address ?? (await waitForWallet(chainType))
    if (!target) throw new FundingError(FUNDING_MESSAGES.walletNotEnabled, { code: 'EMBEDDED_WALLET_NOT_FOUND' })
    const config = buildFundingConfig($config.get().app, target, options)
    // Spec §2: the chooser starts a default method still flagged as in use (and clears the flag).
    started = true
    // A card or exchange purchase of this wallet still under way (src/funding/purchase.ts): its status, not the chooser.
    const resumed = storedPurchase(target)
    if (resumed) return await startResumedPurchase(resumed)
    return await startFunding(config, { name: 'funding-methods' })
  } catch (error) {
    const failure = toBaseError(error)
    // Once started, the flow itself published fund-error (src/funding/session.ts).
    if (!started && failure.code !== 'USER_EXITED_AUTH_FLOW')
      publish('fund-error', { code: failure.code, message: failure.shortMessage, destinationAddress: address })
    throw error
  }
}
