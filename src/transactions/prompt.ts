/**
 * The transaction `<sign-prompt>` shows: one controller at a time (a newer request replaces,
 * declines, the older one). An atom and types only: the prompt element, defined on every page,
 * pulls no controller, driver or chain code through this module.
 */
import { atom } from 'nanostores'
import type { TxController } from './controller.ts'
import type { EthereumDriver } from './drivers/ethereum.ts'
import type { SolanaDriver } from './drivers/solana.ts'

export type EthereumTxController = TxController<EthereumDriver>
export type SolanaTxController = TxController<SolanaDriver>
export type AnyTxController = EthereumTxController | SolanaTxController

export const $txPrompt = atom<AnyTxController | null>(null)
