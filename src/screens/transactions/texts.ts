import { TRANSACTION_MESSAGES } from '../../errors/transaction.ts'
import { WALLET_MESSAGES } from '../../errors/wallet.ts'

/** Spec part 3 §2 'Ethereum transaction confirmation' and 'Solana transaction confirmation' texts. */
export const TX_TEXTS = {
  confirmAction: 'Confirm action',
  confirmAddress: 'Confirm address',
  approveAction: (action: string) => `Approve ${action}`,
  subtitle: (app: string) => `${app} wants your permission to approve the following transaction.`,
  approve: 'Approve',
  continue: 'Continue',
  addFunds: 'Add funds',
  notNow: 'Not now',
  details: 'Details',
  from: 'From',
  to: 'To',
  action: 'Action',
  estFees: 'Est. Fees',
  total: 'Total (including fees)',
  amount: 'Amount',
  spender: 'Spender',
  tokenAddress: 'Token address',
  network: 'Network',
  estimatedFee: 'Estimated fee',
  sponsored: 'Sponsored',
  // Decoded NFT calls (spec part 3 §3: tokenId(s), amount(s), operator, approved); the spec names the fields, not their labels.
  tokenId: 'Token ID',
  tokenIds: 'Token IDs',
  amounts: 'Amounts',
  operator: 'Operator',
  approved: 'Approved',
  yes: 'Yes',
  no: 'No (revoke)',
  maximum: 'Maximum',
  // Not spec texts: the plain warning of an unlimited ERC-20 allowance.
  unlimitedAllowance: (symbol: string, spender: string) =>
    `Unlimited allowance: ${spender} can spend all of your ${symbol}, now and later, until you revoke it.`,
  thisToken: 'this token',
  balance: 'Balance',
  // Not spec texts (the spec names send and receive amounts and a scan details view, not their labels).
  youSend: 'You send',
  youReceive: 'You receive',
  scanDetails: 'Scan details',
  scanResult: 'Result',
  scanUnknown: 'Unknown',
  scanDescription: 'Description',
  scanReason: 'Reason',
  allowance: 'Allowance',
  successHeader: 'Transaction complete!',
  successDescription: "You're all set.",
  allDone: 'All Done',
  pleaseTryAgain: 'Please try again.',
  retry: 'Retry transaction',
  suspicious: 'Warning: Suspicious transaction',
  malicious: 'This is a malicious transaction',
  acknowledge: 'I understand and want to proceed anyways.',
  copy: 'Copy',
  copied: 'Copied',
  /** The hash's copy button, named for screen readers (not a spec text). */
  copyHash: 'Copy transaction hash',
  viewOnExplorer: 'View on explorer',
  back: 'Back',
  /** The close control's accessible name (not a spec text: the spec's sheet has only 'Not now'). */
  close: 'Close',
  // Spec part 3 §2 'Solana transaction confirmation'.
  confirmTransaction: 'Confirm transaction',
  swap: 'Swap',
  advanced: 'Advanced',
  signedHeader: 'Transaction signed!',
}

/** Spec part 2 §8 error-screen titles for wallet failures. */
export const WALLET_ERROR_TITLES = {
  insufficientBalance: 'Insufficient balance',
  timedOut: 'Timed out',
  transactionFailure: 'Transaction failure',
  userRejected: 'User rejected connection',
} as const

const TIMEOUT_CODES = new Set(['TIMEOUT', 'WALLET_TIMEOUT', 'wallet_timeout'])

/**
 * The error screen's title: a spec text for the failure, never the code itself. Spec part 3 §4: a
 * reverted transaction reads 'Transaction failed'; part 2 §8's error screens: a wallet that cannot
 * pay 'Insufficient balance', a request nobody answered in time 'Timed out', a declined wallet
 * request 'User rejected connection', any other failure to send 'Transaction failure'. The message
 * box below says why; the code stays on it as `data-code`.
 */
export function errorTitle(error: { code: string; shortMessage?: string }): string {
  const { code } = error
  switch (code) {
    case 'UNABLE_TO_SIGN':
      return TRANSACTION_MESSAGES.failedToSign
    case 'EMBEDDED_WALLET_NOT_FOUND':
      return WALLET_MESSAGES.noWalletForAddress
    case 'UNKNOWN_CONNECT_WALLET_ERROR':
      return WALLET_MESSAGES.unableToConnect
    case 'INSUFFICIENT_BALANCE':
    case 'insufficient_funds':
      return WALLET_ERROR_TITLES.insufficientBalance
    case 'USER_REJECTED':
      return WALLET_ERROR_TITLES.userRejected
    case 'TRANSACTION_FAILURE':
      return error.shortMessage === TRANSACTION_MESSAGES.failed ? TRANSACTION_MESSAGES.failed : WALLET_ERROR_TITLES.transactionFailure
    default:
      return TIMEOUT_CODES.has(code) ? WALLET_ERROR_TITLES.timedOut : TRANSACTION_MESSAGES.failed
  }
}
