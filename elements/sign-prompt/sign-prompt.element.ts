import { getEthereumProvider } from '../../src/actions/getEthereumProvider.ts'
import { EmbeddedWalletError, WALLET_MESSAGES } from '../../src/errors/wallet.ts'
import { subscribe } from '../../src/events/bus.ts'
import { emit } from '../../src/events/emit.ts'
import { SignPromptApp, type SignPromptAppProps } from '../../src/screens/sign/SignPromptApp.tsx'
import { $wallets, findWallet } from '../../src/stores/wallets.ts'
import type { SignUiOptions } from '../../src/stores/signRequest.ts'
import { styles } from '../auth-modal/auth-modal.styles.ts'
import { PROPS, RENDER, reactElement } from '../r2wc-base.ts'

const R2WCBase = reactElement(SignPromptApp)

const UI_ATTRIBUTES = ['prompt-title', 'description', 'button-text', 'icon-url', 'cancellable', 'theme', 'accent-color']
/** Connected prompts in connection order: the first one renders requests. */
const connected: SignPromptElement[] = []

export interface SignPromptCallOptions {
  /** Which embedded wallet signs; defaults to the user's first wallet of the method's chain (signMessage: Ethereum, else Solana). */
  address?: string
  uiOptions?: SignUiOptions
}

/**
 * Message signing with the user's embedded wallet: shows 'Sign message' with the decoded text, the
 * typed-data structure or the raw message, then signs inside the wallet frame. Shares the session
 * of `<auth-modal>` (which must be on the page). With `headless`, signs without UI. Theming: the
 * `--gh-*` properties and parts listed in src/ui/theme.ts (README 'Theming').
 *
 * @summary Sign a message with the embedded wallet, with or without a prompt.
 * @tag sign-prompt
 *
 * @attr {string} prompt-title - Title (uiOptions.title); default 'Sign message'.
 * @attr {string} description - Description (uiOptions.description); default 'Signing this message will not cost you any fees.'.
 * @attr {string} button-text - Sign button text (uiOptions.buttonText); default 'Sign and continue'.
 * @attr {string} icon-url - Icon above the title (uiOptions.iconUrl).
 * @attr {boolean} cancellable - Offer 'Not now' (uiOptions.isCancellable).
 * @attr {boolean} headless - Sign without showing the prompt.
 * @attr {'light' | 'dark'} theme - Colour scheme of the prompt (wins over the app configuration's theme); default light.
 * @attr {string} accent-color - Accent colour (wins over `--gh-accent`, which wins over the app configuration's accent).
 *
 * @event {CustomEvent<SignSuccessEventDetail>} sign-success - Signed; detail `{ method, address, signature }`.
 * @event {CustomEvent<SignErrorEventDetail>} sign-error - Failed or declined; detail `{ method, address, code, message }`.
 * @event {CustomEvent<TxSuccessEventDetail>} tx-success - A transaction confirmed here went through; detail `{ method, address, chainId, hash, signature }`.
 * @event {CustomEvent<TxErrorEventDetail>} tx-error - A transaction failed, reverted or was declined; detail `{ method, address, chainId, hash, code, message }`.
 */
export class SignPromptElement extends R2WCBase {
  static override get observedAttributes(): string[] {
    return [...super.observedAttributes, ...UI_ATTRIBUTES]
  }

  #cleanup: (() => void) | null = null

  constructor() {
    super()
    this[PROPS].styles = styles
  }

  get headless(): boolean {
    return this.hasAttribute('headless')
  }
  set headless(value: boolean) {
    this.toggleAttribute('headless', Boolean(value))
  }

  /**
   * Signs a message with one of the user's embedded wallets, the same rule as `<auth-modal>` and the
   * `signMessage` export: the wallet at `address`, else the first Ethereum wallet, else the first
   * Solana one. The wallet's chain decides: Ethereum `personal_sign` resolves `{ signature }` 0x-hex,
   * Solana ed25519 resolves it base64.
   */
  async signMessage({ message, address, uiOptions }: SignPromptCallOptions & { message: string | Uint8Array }): Promise<{ signature: string }> {
    // Read now: an attribute changed while the action loads applies to the next request.
    const options = this.#options(uiOptions)
    return (await import('../../src/actions/signMessage.ts')).signMessage({ message, address, ...options })
  }

  /** eth_signTypedData_v4 with an embedded Ethereum wallet. Resolves `{ signature }` (0x-hex). */
  async signTypedData({ typedData, address, uiOptions }: SignPromptCallOptions & { typedData: object }): Promise<{ signature: string }> {
    const from = this.#address('ethereum', address)
    const signature = (await getEthereumProvider(from, this.#options(uiOptions)).request({
      method: 'eth_signTypedData_v4',
      params: [from, JSON.stringify(typedData)],
    })) as string
    return { signature }
  }

  /** ed25519 signature by an embedded Solana wallet (`address`, else the user's first one). Resolves `{ signature }` (base64). */
  async signSolanaMessage({ message, address, uiOptions }: SignPromptCallOptions & { message: string | Uint8Array }): Promise<{ signature: string }> {
    const options = this.#options(uiOptions)
    const { signMessage } = await import('../../src/actions/signMessage.ts')
    // signMessage would let an Ethereum address sign with personal_sign: this method is Solana only.
    if (address && findWallet(address)?.chainType !== 'solana')
      throw new EmbeddedWalletError(WALLET_MESSAGES.noWalletForAddress, { code: 'EMBEDDED_WALLET_NOT_FOUND' })
    return signMessage({ message, address: this.#address('solana', address), ...options })
  }

  #address(chainType: 'ethereum' | 'solana', address?: string): string {
    if (address) return address
    const wallet = $wallets.get().find((w) => w.chainType === chainType)
    if (!wallet) throw new EmbeddedWalletError(WALLET_MESSAGES.noWalletForAddress, { code: 'EMBEDDED_WALLET_NOT_FOUND' })
    return wallet.address
  }

  #options(uiOptions?: SignUiOptions) {
    return { uiOptions: { ...this.#defaults(), ...uiOptions }, showWalletUIs: !this.headless }
  }

  #defaults(): SignUiOptions {
    const text = (name: string) => this.getAttribute(name) ?? undefined
    return {
      title: text('prompt-title'),
      description: text('description'),
      buttonText: text('button-text'),
      iconUrl: text('icon-url'),
      isCancellable: this.hasAttribute('cancellable'),
    }
  }

  override connectedCallback(): void {
    super.connectedCallback()
    connected.push(this)
    this.#cleanup = subscribe((name, detail) => {
      if (name === 'sign-success' || name === 'sign-error' || name === 'tx-success' || name === 'tx-error') emit(this, name, detail as never)
    })
    this.#sync()
    refreshActive()
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    connected.splice(connected.indexOf(this), 1)
    this.#cleanup?.()
    refreshActive()
  }

  override attributeChangedCallback(name: string, oldValue: string | null, newValue: string | null): void {
    if (UI_ATTRIBUTES.includes(name)) return this.#sync()
    super.attributeChangedCallback(name, oldValue, newValue)
  }

  #sync(): void {
    const props = this[PROPS]
    props.defaults = this.#defaults()
    props.theme = this.getAttribute('theme') ?? undefined
    props.accentColor = this.getAttribute('accent-color') ?? undefined
    this[RENDER]?.()
  }

  setActive(active: boolean): void {
    this[PROPS].active = active
    this[RENDER]?.()
  }
}

function refreshActive() {
  connected.forEach((element, index) => element.setActive(index === 0))
}
