/**
 * A request that waits for the `<sign-prompt>` screen: the generic pending request
 * (src/stores/pending.ts: put on a store the prompt renders, settled by the screen, taken off once
 * settled, a newer one declines the older) plus mounting a `<sign-prompt>` when the page has none.
 * Shared by Ethereum and Solana transactions.
 */
import type { WritableAtom } from 'nanostores'
import { awaitPending, type Pending } from '../../stores/pending.ts'

/** The name the transaction stores use for the generic pending request (src/stores/pending.ts). */
export type Settles<R> = Pending<R>

export function awaitPrompt<P extends object, R>(store: WritableAtom<(P & Settles<R>) | null>, parameters: P, replaced: () => Error): Promise<R> {
  // A page without a `<sign-prompt>` gets one, so UI requests work from any API entry point.
  if (typeof document !== 'undefined' && !document.querySelector('sign-prompt')) document.body.append(document.createElement('sign-prompt'))
  return awaitPending(store, parameters, replaced)
}
