/** `sign-success`: a message was signed by an embedded wallet (with or without the prompt). */
export interface SignSuccessEventDetail {
  method: 'personal_sign' | 'eth_signTypedData_v4' | 'solana_signMessage'
  address: string
  /** 0x-hex for Ethereum, base64 for Solana. */
  signature: string
}
export type SignSuccessEvent = CustomEvent<SignSuccessEventDetail>

declare global {
  interface GlobalEventHandlersEventMap {
    'sign-success': SignSuccessEvent
  }
}
