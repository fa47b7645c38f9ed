import { ApiError } from '../../errors/api.ts'
import { WalletTimeoutError } from '../../errors/wallet.ts'
import type { ScreenEntry } from '../../stores/modal.ts'
import type { WalletFlowError } from '../../stores/walletFlow.ts'
import { mapOutcome, TEXT, type OutcomeTable } from '../../flows/outcome.ts'

// The timeout itself sits below the screens (the WalletConnect connector races it too).
export { WalletTimeoutError }
export { withWalletTimeout } from '../../wallets/external/walletTimeout.ts'

/** Spec part 2 §2, §8 texts for the wallet screens, in one place so tests can check every one. */
export const WALLET_TEXT = {
  connectWallet: 'Connect wallet',
  searchWallets: 'Search wallets',
  noWalletsFound: 'No wallets found. Try another search.',
  noWalletsAvailable: 'No wallets available',
  selectNetwork: 'Select network',
  waitingFor: (name: string) => `Waiting for ${name}`,
  signToVerify: 'Sign to verify',
  signing: 'Signing',
  switchingNetworks: 'Switching networks',
  connectedWith: (name: string) => `Successfully connected with ${name}`,
  signWithWallet: 'Sign with your wallet',
  retry: 'Retry',
  useDifferentWallet: 'Use a different wallet',
  connecting: 'Connecting',
  unableToConnect: 'Unable to connect wallet',
  rejected: 'You rejected the request',
  timedOut: 'Wallet request timed out',
  tryConnectingAgain: 'Please try connecting again.',
  userExists: 'User already exists for this address',
  tryAnotherAddress: 'Try another address!',
  unableToLink: 'Unable to link',
  maxLinkedWallets: "You've reached the maximum number of linked wallets",
  couldNotLogIn: 'Could not log in with wallet',
  scanToConnect: (name: string) => `Scan code to connect to ${name}`,
  openOrInstall: (name: string) => `Open or install ${name}`,
  stillHere: 'Still here?',
  goToAppStore: 'Go to App Store',
  continueWithLedger: 'Continue with Ledger',
  continueWithoutLedger: 'Continue without Ledger',
  multichainFailed: 'Could not connect with wallet',
  /** The connect-only landing (spec part 2 §2 "'Connect your wallet' external connect screen"). */
  connectYourWallet: 'Connect your wallet',
  tryAgain: 'Try again',
  cancel: 'Cancel',
} as const

/** Provider error codes (EIP-1193, spec §8). */
export const PROVIDER_CODES = { userRejected: 4001, invalidParams: 4200, disconnected: 4900, unsupportedChain: 4901 } as const

/** Finds an EIP-1193 code on the error or its causes (viem and wagmi wrap the provider's error). */
export function providerCode(error: unknown): number | null {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 6; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'number' && e.code >= 4000 && e.code < 5000) return e.code
  }
  return null
}

const isRejection = (error: unknown) =>
  providerCode(error) === PROVIDER_CODES.userRejected || (error instanceof Error && /user rejected|rejected the request|user denied/i.test(error.message))

export type WalletErrorOutcome = { kind: 'error'; error: WalletFlowError } | { kind: 'screen'; screen: ScreenEntry }

const fail = (title: string, detail: string | null, retryable: boolean): WalletErrorOutcome => ({ kind: 'error', error: { title, detail, retryable } })
const userExists = () => fail(WALLET_TEXT.userExists, WALLET_TEXT.tryAnotherAddress, false)

// The account transfer needs the connection's wallet metadata: WalletConnectScreen offers it itself.
const walletTable: OutcomeTable<WalletErrorOutcome> = {
  transfer: null,
  codes: {
    user_already_exists: userExists,
    linked_to_another_user: userExists,
    cannot_link_more_of_type: () => fail(WALLET_TEXT.unableToLink, WALLET_TEXT.maxLinkedWallets, false),
    too_many_requests: () => fail(TEXT.requestFailed, TEXT.tooManyAttempts, false),
    disallowed_login_method: (error) => fail(TEXT.notAllowed, error.shortMessage, false),
  },
  otherwise: (error) => {
    if (error instanceof ApiError) return fail(WALLET_TEXT.couldNotLogIn, error.shortMessage, true)
    if (error instanceof WalletTimeoutError) return fail(WALLET_TEXT.timedOut, WALLET_TEXT.tryConnectingAgain, true)
    if (isRejection(error)) return fail(WALLET_TEXT.rejected, null, true)
    switch (providerCode(error)) {
      case PROVIDER_CODES.unsupportedChain:
        return fail(WALLET_TEXT.couldNotLogIn, 'The wallet does not support this network.', true)
      case PROVIDER_CODES.disconnected:
        return fail(WALLET_TEXT.couldNotLogIn, 'The wallet is disconnected. Unlock it and try again.', true)
      case PROVIDER_CODES.invalidParams:
        return fail(WALLET_TEXT.couldNotLogIn, 'The wallet refused the request parameters.', true)
    }
    return fail(WALLET_TEXT.couldNotLogIn, null, true)
  },
}

/** Spec part 2 §8 "Wallet connect" and "Wallet login errors". */
export function mapWalletError(error: unknown): WalletErrorOutcome {
  return mapOutcome(error, walletTable)
}

/**
 * Spec part 2 §2 "Phantom multichain failure": Phantom (one app for both chains) fails to connect
 * without the user saying no — typically the chain is turned off in Phantom's settings.
 */
export function isPhantomMultichainFailure(walletKey: string, error: unknown): boolean {
  return walletKey === 'phantom' && !(error instanceof ApiError) && !(error instanceof WalletTimeoutError) && !isRejection(error)
}
