/**
 * The transaction `<sign-prompt>` shows: one controller at a time (a newer request replaces,
 * declines, the older one; src/transactions/run.ts). An atom and types only: the prompt element,
 * defined on every page, pulls no controller, driver or chain code through this module. What it
 * holds is named by the few members the prompt reads; the screens take the full controller type of
 * their chain from its driver (src/transactions/drivers/).
 */
import { atom } from 'nanostores'
import type { BaseError } from '../errors/base.ts'
import type { TxParameters } from '../transactions/types.ts'

export interface PromptedTransaction {
  /** A fresh screen for every request. */
  readonly id: number
  readonly driver: { readonly kind: 'ethereum'; readonly parameters: TxParameters } | { readonly kind: 'solana' }
  fail(error: BaseError): void
}

export const $txPrompt = atom<PromptedTransaction | null>(null)
