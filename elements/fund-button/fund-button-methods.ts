/**
 * `<fund-button>`'s host method: the contract `FundButtonMethods` (custom-elements-manifest.config.mjs
 * reads it) and its table (../host-method-table.ts, like the other tags'). The flow is
 * `<auth-modal>`'s `fundWallet` with the options this button's attributes give.
 */
import type { FundErrorEventDetail } from '../../src/events/fund-error.ts'
import type { FundSuccessEventDetail } from '../../src/events/fund-success.ts'
import { emit } from '../../src/events/emit.ts'
import type { FundWalletOptions } from '../../src/funding/config.ts'
import { now, table } from '../host-method-table.ts'

export interface FundButtonMethods {
  /** Opens the funding flow, as a click does; resolves with the result (also dispatched as `fund-success`). */
  fund(): Promise<FundSuccessEventDetail>
}

/** The part of `<auth-modal>` this tag calls (kept structural: importing the class would pull React in). */
interface FundingHost extends HTMLElement {
  fundWallet(address?: string, options?: FundWalletOptions): Promise<FundSuccessEventDetail>
}

export const fundButtonMethods = table<FundButtonMethods>({
  fund: now(async function (this: HTMLElement & { options: FundWalletOptions }): Promise<FundSuccessEventDetail> {
    const modal = document.querySelector('auth-modal') as FundingHost | null
    try {
      if (!modal) throw Object.assign(new Error('<fund-button> needs an <auth-modal> on the page.'), { code: 'NO_AUTH_MODAL' })
      await customElements.whenDefined('auth-modal')
      const result = await modal.fundWallet(this.getAttribute('address') ?? undefined, this.options)
      emit(this, 'fund-success', result)
      return result
    } catch (error) {
      const { code, shortMessage, message } = error as { code?: string; shortMessage?: string; message?: string }
      emit(this, 'fund-error', { code: code ?? 'UNKNOWN_FUNDING_ERROR', message: shortMessage ?? message ?? 'Funding failed' } satisfies FundErrorEventDetail)
      throw error
    }
  }, 'reject'),
})
