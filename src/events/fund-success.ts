/**
 * `fund-success`: the wallet was funded (spec part 3 §7, the funding-result analytics event
 * `sdk_fiat_on_ramp_completed_with_status`): which provider, its status and the amounts.
 */
export interface FundSuccessEventDetail {
  /** 'moonpay' (card), 'coinbase' (card or exchange), 'wallet' (transfer from a connected wallet), 'manual' (receive), 'relay' (bridge). */
  provider: 'moonpay' | 'coinbase' | 'wallet' | 'manual' | 'relay'
  status: string
  txHash: string | null
  sourceAddress: string | null
  destinationAddress: string
  /** Decimal strings in the token's units. */
  sourceValue: string | null
  destinationValue: string | null
  sourceToken: string | null
  destinationToken: string
  /** CAIP-2 ('eip155:1', 'solana:mainnet-beta'). */
  sourceChain: string | null
  destinationChain: string
}
export type FundSuccessEvent = CustomEvent<FundSuccessEventDetail>

declare global {
  interface GlobalEventHandlersEventMap {
    'fund-success': FundSuccessEvent
  }
}
