/**
 * The one shape of a request that waits for the user: a store holding at most one pending request
 * (its parameters plus `id`, `resolve`, `reject`), which a screen renders and settles.
 *
 * Contract:
 * - `awaitPending(store, parameters, replaced)` puts `{ ...parameters, id, resolve, reject }` on the
 *   store and answers a promise that settles when either function is called.
 * - One request per store: a newer request first rejects the one already there with `replaced()`.
 * - Settling takes the request off the store, only if it is still the one shown (a newer request
 *   stays); settling twice does nothing.
 * - Whoever shows the request (a screen, the host through an action) calls `resolve(result)` or
 *   `reject(error)`; the code that asked adds its own time limits and close handling around the
 *   promise (e.g. `reject` when the modal closes), and may replace the entry with `{ ...entry, … }`
 *   to show progress: the same `id`, `resolve` and `reject` stay valid.
 *
 * Used by the signature prompt, the recovery-password prompt and MFA verification. Transactions do
 * not park a promise in a store: the transaction controller holds its host's promise itself
 * (src/stores/transaction.ts), and the prompt atom only says which controller to render.
 */
import { atom, type WritableAtom } from 'nanostores'

export interface Pending<R> {
  id: number
  resolve(result: R): void
  reject(error: unknown): void
}

/** A store of one pending request with parameters `P` answering `R`. */
export type PendingStore<P extends object, R> = WritableAtom<(P & Pending<R>) | null>

export function pendingStore<P extends object, R>(): PendingStore<P, R> {
  return atom<(P & Pending<R>) | null>(null)
}

let counter = 0

export function awaitPending<P extends object, R>(store: PendingStore<P, R>, parameters: P, replaced: () => unknown): Promise<R> {
  store.get()?.reject(replaced())
  return new Promise<R>((resolve, reject) => {
    const id = ++counter
    let settled = false
    const settle = () => {
      settled = true
      if (store.get()?.id === id) store.set(null)
    }
    store.set({
      ...parameters,
      id,
      resolve: (result: R) => {
        if (settled) return
        settle()
        resolve(result)
      },
      reject: (error: unknown) => {
        if (settled) return
        settle()
        reject(error)
      },
    })
  })
}
