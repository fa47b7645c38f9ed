/**
 * Entries other features render on the landing screen. The wallet entry (issue #5) plugs in here:
 * the landing layout already counts 'wallet' in its ordering, and renders whatever is registered.
 */
import type { ReactNode } from 'react'

export interface LandingSlots {
  /** Renders the wallet entry ('Continue with a wallet', wallet list…); null renders nothing. */
  renderWalletEntry: ((context: { overflow: boolean }) => ReactNode) | null
}

export const landingSlots: LandingSlots = { renderWalletEntry: null }

/** Called by the wallet feature when it loads (one place for the lead to wire #5's entry in). */
export function setWalletEntryRenderer(render: LandingSlots['renderWalletEntry']): void {
  landingSlots.renderWalletEntry = render
}
