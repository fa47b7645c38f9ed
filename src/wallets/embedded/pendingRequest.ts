/**
 * A request that waits for the `<sign-prompt>` screen: put on a store the prompt renders, settled
 * by the screen (resolve / reject), and taken off the store once settled. A newer request of the
 * same store replaces (declines) the older one. Shared by Ethereum and Solana transactions.
 */
import type { WritableAtom } from 'nanostores'

export interface Settles<R> {
  id: number
  resolve(result: R): void
  reject(error: unknown): void
}

let counter = 0

export function awaitPrompt<P extends object, R>(store: WritableAtom<(P & Settles<R>) | null>, parameters: P, replaced: () => Error): Promise<R> {
  store.get()?.reject(replaced())
  // A page without a `<sign-prompt>` gets one, so UI requests work from any API entry point.
  if (typeof document !== 'undefined' && !document.querySelector('sign-prompt')) document.body.append(document.createElement('sign-prompt'))
  return new Promise((resolve, reject) => {
    const id = ++counter
    const settle = () => {
      if (store.get()?.id === id) store.set(null)
    }
    store.set({
      ...parameters,
      id,
      resolve: (result: R) => (settle(), resolve(result)),
      reject: (error: unknown) => (settle(), reject(error)),
    })
  })
}
