import type { FundSuccessEventDetail } from './fund-success.ts'

/** `fund-error`: funding failed or the user left it; the funding-result fields known so far, plus `code` and `message`. */
export interface FundErrorEventDetail extends Partial<FundSuccessEventDetail> {
  code: string
  message: string
}
export type FundErrorEvent = CustomEvent<FundErrorEventDetail>

declare global {
  interface GlobalEventHandlersEventMap {
    'fund-error': FundErrorEvent
  }
}
