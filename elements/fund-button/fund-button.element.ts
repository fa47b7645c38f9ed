import { html, render } from 'lit-html'
import type { FundWalletOptions } from '../../src/funding/config.ts'
import { safeColor } from '../../src/ui/theme.ts'
import { installHostMethods } from '../host-method-table.ts'
import { fundButtonMethods, type FundButtonMethods } from './fund-button-methods.ts'
import { styles } from './fund-button.styles.ts'

const METHODS = new Set(['card', 'exchange', 'wallet', 'manual'])

/**
 * A button that opens the funding flow (spec part 3: card, exchange, wallet transfer, receive) in
 * `<auth-modal>`'s modal for the signed-in user's wallet, or asks to log in first. Renders without
 * React (lit-html), so a page showing only the button stays light; the flow's code loads on click.
 * Needs an `<auth-modal>` on the page (it owns the session and the modal). Theming: the `--gh-*`
 * properties and parts listed in src/ui/theme.ts (README 'Theming').
 *
 * @summary Add funds to a wallet: opens the funding flow on click.
 * @tag fund-button
 *
 * @attr {string} address - The wallet to fund; defaults to the user's first embedded wallet of the chain's type.
 * @attr {string} chain - Chain id (8453, 'eip155:8453') or 'solana:mainnet-beta' / 'solana:devnet'; defaults to the app's recommended chain.
 * @attr {string} asset - 'native-currency' (default), 'USDC', or an ERC-20 contract address.
 * @attr {string} amount - Amount in the asset's units ('0.05'); defaults to the app's recommended amount.
 * @attr {'card' | 'exchange' | 'wallet' | 'manual'} default-method - Starts that method's flow directly instead of the chooser.
 * @attr {string} receive-title - Title of 'Receive funds' (empty hides it).
 * @attr {string} receive-subtitle - Subtitle of 'Receive funds' (empty hides it).
 * @attr {boolean} disabled - Disables the button.
 * @attr {string} accent-color - Accent colour of the button (wins over `--gh-accent`); the fill is the accent 15% darker unless `--gh-accent-strong` is set.
 *
 * @slot - The button's label; default 'Add funds'.
 *
 * @event {CustomEvent<FundSuccessEventDetail>} fund-success - This button's flow funded the wallet; detail `{ provider, status, txHash, sourceAddress, destinationAddress, sourceValue, destinationValue, sourceToken, destinationToken, sourceChain, destinationChain }`.
 * @event {CustomEvent<FundErrorEventDetail>} fund-error - This button's flow failed or was left; detail `{ code, message, … }`.
 */
export class FundButtonElement extends HTMLElement {
  static get observedAttributes(): string[] {
    return ['disabled', 'accent-color']
  }

  #busy = false

  constructor() {
    super()
    this.attachShadow({ mode: 'open' })
  }

  get disabled(): boolean {
    return this.hasAttribute('disabled')
  }
  set disabled(value: boolean) {
    this.toggleAttribute('disabled', Boolean(value))
  }

  connectedCallback(): void {
    this.#render()
  }

  attributeChangedCallback(): void {
    this.#render()
  }

  /** The options this button's attributes give `fundWallet()`. */
  get options(): FundWalletOptions {
    const text = (name: string) => this.getAttribute(name) ?? undefined
    const asset = text('asset')
    const method = text('default-method')
    const title = text('receive-title')
    const subtitle = text('receive-subtitle')
    return {
      chain: text('chain'),
      asset: asset === undefined ? undefined : /^0x[0-9a-fA-F]{40}$/.test(asset) ? { erc20: asset } : (asset as 'native-currency' | 'USDC'),
      amount: text('amount'),
      defaultFundingMethod: method && METHODS.has(method) ? (method as FundWalletOptions['defaultFundingMethod']) : undefined,
      uiConfig: title === undefined && subtitle === undefined ? undefined : { receiveFundsTitle: title, receiveFundsSubtitle: subtitle },
    }
  }

  static {
    installHostMethods(this, fundButtonMethods)
  }

  #click = (): void => {
    if (this.#busy || this.disabled) return
    this.#busy = true
    this.#render()
    this.fund()
      .catch(() => undefined)
      .finally(() => {
        this.#busy = false
        this.#render()
      })
  }

  #render(): void {
    if (!this.shadowRoot) return
    const accent = safeColor(this.getAttribute('accent-color'))
    render(
      html`<style>
          ${styles}
        </style>
        <button
          type="button"
          part="button primary-button"
          style=${accent ? `--gh-accent: ${accent}` : ''}
          ?disabled=${this.disabled}
          aria-busy=${this.#busy ? 'true' : 'false'}
          @click=${this.#click}
        >
          <slot>Add funds</slot>
        </button>`,
      this.shadowRoot,
    )
  }
}

// The host method's contract, implemented by ./fund-button-methods.ts.
export interface FundButtonElement extends FundButtonMethods {}
