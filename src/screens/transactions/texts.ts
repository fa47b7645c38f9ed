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

/**
 * The error screen's title: a spec text for the code, never the code itself (spec part 3 §8: a
 * revert, a transfer the wallet cannot pay and any other failure read 'Transaction failed'; the
 * message box below says why). The code stays on the message box as `data-code`.
 */
export function errorTitle(code: string): string {
  switch (code) {
    case 'UNABLE_TO_SIGN':
      return TRANSACTION_MESSAGES.failedToSign
    case 'EMBEDDED_WALLET_NOT_FOUND':
      return WALLET_MESSAGES.noWalletForAddress
    case 'UNKNOWN_CONNECT_WALLET_ERROR':
      return WALLET_MESSAGES.unableToConnect
    default:
      return TRANSACTION_MESSAGES.failed
  }
}
