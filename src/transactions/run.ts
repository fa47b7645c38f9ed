/**
 * Starts one transaction request: a controller (src/stores/transaction.ts) over the chain's driver,
 * shown in `<sign-prompt>` unless headless. A newer request replaces the shown one (declined with
 * USER_REJECTED); a page without a `<sign-prompt>` gets one, so UI requests work from any entry point.
 */
import { TransactionError } from '../errors/transaction.ts'
import { TxController, type TxDriver } from '../stores/transaction.ts'
import { $txPrompt, type PromptedTransaction } from '../stores/txPrompt.ts'

/* eslint-disable-next-line @typescript-eslint/no-explicit-any */
type AnyDriver = TxDriver<any, any, any, any>

function show(controller: PromptedTransaction): void {
  $txPrompt.get()?.fail(new TransactionError('Replaced by a newer transaction request', { code: 'USER_REJECTED' }))
  if (typeof document !== 'undefined' && !document.querySelector('sign-prompt')) document.body.append(document.createElement('sign-prompt'))
  $txPrompt.set(controller)
}

/** Shows `controller` (unless headless) and starts it: the host's promise. */
export function startRequest<D extends AnyDriver>(controller: TxController<D>): ReturnType<TxController<D>['start']> {
  if (!controller.headless) show(controller as unknown as PromptedTransaction)
  return controller.start()
}

/** Runs one request through the controller: the screen, or headless. */
export function runTransaction<D extends AnyDriver>(driver: D): ReturnType<TxController<D>['start']> {
  return startRequest(new TxController(driver))
}
