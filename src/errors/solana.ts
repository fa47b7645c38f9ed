/** Spec part 3 §8 texts of Solana transactions (errors are TransactionError, shared with Ethereum). */
export const SOLANA_TX_MESSAGES = {
  /** The default; when the cluster's logs name insufficient lamports or funds, that log line is shown instead. */
  generic: 'Something went wrong.',
  insufficientBalance: 'Solana wallet has insufficient funds for this transaction.',
  addFunds: 'Add funds on Solana to complete transaction.',
  blockhashNotFound: 'Simulation failed: Blockhash not found',
  noPublicKey: 'Transaction does not contain public key',
  notConnected: (address: string) => `Cannot sendSolanaTransaction before embedded wallet ${address} is connected`,
} as const
