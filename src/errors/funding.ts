import { BaseError } from './base.ts'

/** Spec part 3 §5 and §8 texts for funding. */
export const FUNDING_MESSAGES = {
  notEnabled: 'Wallet funding is not enabled',
  walletNotEnabled: 'Funding wallet is not enabled',
  noConfig: "Couldn't find funding config",
  chainNotConfigured: (id: number | string) => `Funding chain ${id} is not in PrivyProvider chains list`,
  usdcSolanaTestnet: 'USDC funding is not supported on the Solana testnet',
  coinbaseUnsupportedChain: (id: number | string) => `Unsupported chainId: ${id} for Coinbase Onramp`,
  coinbaseFailure: 'Something went wrong adding funds. Please try again or use another method.',
  coinbaseFlowError: 'There was an error completing Coinbase Onramp flow.',
  moonpayFailure: 'Something went wrong adding funds from Moonpay. Please try again or use another method to fund your wallet.',
  popupBlocked: 'Unable to initialize flow',
  /** Not a spec text: the promise of fundWallet() when the user closes the modal first. */
  exited: 'User exited the funding flow',
  mustBeAuthenticated: 'User must be authenticated before funding a wallet',
  notEnoughFunds: (address: string) => `Wallet ${address} does not have enough funds.`,
} as const

/**
 * A funding failure. Codes: FUNDING_NOT_ENABLED, UNSUPPORTED_CHAIN_ID, USER_EXITED_FUNDING_FLOW,
 * FUNDING_FAILURE (a provider reported a failure), MUST_BE_AUTHENTICATED, EMBEDDED_WALLET_NOT_FOUND.
 */
export class FundingError extends BaseError {
  override name = 'FundingError'
}
