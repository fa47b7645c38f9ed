import { WalletTimeoutError } from '../../errors/wallet.ts'

/** Resolves with `promise`, or rejects with WalletTimeoutError after `ms`. */
export function withWalletTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new WalletTimeoutError()), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}
