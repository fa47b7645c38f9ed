/**
 * The embedded Solana wallet as a Wallet Standard wallet, so Solana dapp code that speaks the
 * standard (`@wallet-standard/app`, the Solana wallet adapter) uses it unmodified:
 * `standard:connect` / `disconnect` / `events`, `solana:signTransaction`,
 * `solana:signAndSendTransaction` and `solana:signMessage`. Each call goes through the same
 * screens as the host API (`sendTransaction`, `signMessage`). Registered by the documented
 * window-event protocol once the user has an embedded Solana wallet (registerStandard.ts).
 */
import { base58, base64 } from '@scure/base'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { solanaTransact } from '../../actions/internal/solanaTransact.ts'
import { signMessage } from '../../actions/signMessage.ts'
import { $wallets } from '../../stores/wallets.ts'
import { appCluster } from './cluster.ts'

/** Marks this wallet so our own wallet list (external Solana wallets) leaves it out. */
export const EMBEDDED_FEATURE = 'gatehouse:embedded'
export const WALLET_NAME = 'Gatehouse'
const ICON =
  'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCAzMiAzMiI+PHJlY3Qgd2lkdGg9IjMyIiBoZWlnaHQ9IjMyIiByeD0iOCIgZmlsbD0iIzY3NkZGRiIvPjxwYXRoIGQ9Ik05IDI0VjEyaDE0djEySDl6bTMtOWg4IiBzdHJva2U9IiNmZmYiIHN0cm9rZS13aWR0aD0iMiIgZmlsbD0ibm9uZSIvPjwvc3ZnPg==' as const
const VERSIONS = ['legacy', 0] as const

type Listener = (properties: { accounts?: readonly WalletAccount[] }) => void
type TxInput = {
  account: WalletAccount
  transaction: Uint8Array
  options?: { skipPreflight?: boolean; preflightCommitment?: 'processed' | 'confirmed' | 'finalized'; maxRetries?: number }
}

const chainOfApp = () => {
  const name = appCluster().name
  return `solana:${name === 'mainnet-beta' ? 'mainnet' : name}` as const
}

export class GatehouseSolanaWallet implements Wallet {
  readonly version = '1.0.0' as const
  readonly name = WALLET_NAME
  readonly icon = ICON
  #listeners = new Set<Listener>()
  #connected = false
  #last = ''

  constructor() {
    $wallets.listen(() => {
      const key = this.accounts.map((a) => a.address).join()
      if (key !== this.#last) ((this.#last = key), this.#listeners.forEach((l) => l({ accounts: this.accounts })))
    })
  }

  get chains() {
    return [chainOfApp()]
  }

  get accounts(): WalletAccount[] {
    if (!this.#connected) return []
    return $wallets
      .get()
      .filter((w) => w.chainType === 'solana')
      .map((w) => ({
        address: w.address,
        publicKey: base58.decode(w.address),
        chains: this.chains,
        features: ['solana:signTransaction', 'solana:signAndSendTransaction', 'solana:signMessage'] as const,
      }))
  }

  get features() {
    return {
      [EMBEDDED_FEATURE]: { version: '1.0.0' },
      'standard:connect': {
        version: '1.0.0',
        connect: async () => {
          this.#connected = true
          this.#last = this.accounts.map((a) => a.address).join()
          return { accounts: this.accounts }
        },
      },
      'standard:disconnect': { version: '1.0.0', disconnect: async () => void (this.#connected = false) },
      'standard:events': {
        version: '1.0.0',
        on: (_event: 'change', listener: Listener) => (this.#listeners.add(listener), () => this.#listeners.delete(listener)),
      },
      'solana:signTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: VERSIONS,
        signTransaction: async (...inputs: TxInput[]) => {
          const results = []
          for (const input of inputs) {
            const [result] = await solanaTransact([input.transaction], true, { address: input.account.address })
            results.push({ signedTransaction: result!.signedTransaction })
          }
          return results
        },
      },
      'solana:signAndSendTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: VERSIONS,
        signAndSendTransaction: async (...inputs: TxInput[]) => {
          const results = []
          for (const input of inputs) {
            const [result] = await solanaTransact([input.transaction], false, { address: input.account.address, transactionOptions: input.options })
            results.push({ signature: base58.decode(result!.signature!) })
          }
          return results
        },
      },
      'solana:signMessage': {
        version: '1.0.0',
        signMessage: async (...inputs: { account: WalletAccount; message: Uint8Array }[]) => {
          const results = []
          for (const input of inputs) {
            const { signature } = await signMessage({ message: input.message, address: input.account.address })
            results.push({ signedMessage: input.message, signature: base64.decode(signature), signatureType: 'ed25519' as const })
          }
          return results
        },
      },
    }
  }
}

let registered: GatehouseSolanaWallet | null = null

/** The Wallet Standard registration protocol: announce now, and answer every app that asks later. */
export function registerSolanaWallet(): GatehouseSolanaWallet {
  if (registered) return registered
  const wallet = (registered = new GatehouseSolanaWallet())
  const callback = ({ register }: { register(...wallets: Wallet[]): unknown }) => register(wallet)
  const event = Object.assign(new Event('wallet-standard:register-wallet', { bubbles: false, cancelable: false, composed: false }), { detail: callback })
  window.dispatchEvent(event)
  window.addEventListener('wallet-standard:app-ready', (e) => callback((e as CustomEvent<{ register(...wallets: Wallet[]): unknown }>).detail))
  return wallet
}
