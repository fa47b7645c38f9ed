/** Spec part 3 §2 and §8 texts of the funding screens. */
export const FUNDING_TEXT = {
  chooserTitle: (wallet: string) => `Add funds to your ${wallet} wallet`,
  payWithCard: 'Pay with card',
  exchange: 'Transfer from an exchange',
  wallet: 'Transfer from wallet',
  receive: 'Receive funds',
  alternate: 'Having trouble or facing location restrictions? Try a different provider.',
  fundAccount: 'Fund account',
  inProgress: 'In Progress',
  processing: 'Processing payment',
  funded: "You've funded your account!",
  continue: 'Continue',
  receiveTitle: (amount: string | null, symbol: string) => `Receive ${amount ? `${amount} ` : ''}${symbol}`,
  receiveSubtitle: (network: string) => `Scan this code or copy your wallet address to receive funds on ${network}.`,
  sendOn: (network: string) => `Make sure to send funds on ${network}.`,
  copy: 'Copy address',
  copied: 'Copied',
  moreWallets: 'More wallets',
  /** Not spec texts: 'Transfer from wallet' with no wallet connected in this browser. */
  noWallet: 'No wallet is connected. Connect one to transfer from it: scan a QR code with a mobile wallet (WalletConnect) or install a browser wallet.',
  connectWallet: 'Connect a wallet',
  /** Not spec texts: the amount step before a card or exchange purchase (spec §5 gives only its rule). */
  amountTitle: (symbol: string) => `How much ${symbol} would you like to buy?`,
  amountLabel: 'Amount',
  amountInvalid: 'Enter an amount greater than 0, using digits and at most one decimal point.',
} as const
