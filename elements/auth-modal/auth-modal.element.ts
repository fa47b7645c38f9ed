import { closeModal } from '../../src/actions/closeModal.ts'
import { initialize, validateSetup } from '../../src/actions/initialize.ts'
import { logout } from '../../src/actions/logout.ts'
import { openModal } from '../../src/actions/openModal.ts'
import type { User } from '../../src/api/user.ts'
import { MultipleProvidersError } from '../../src/errors/auth.ts'
import { errorDetail } from '../../src/errors/toBaseError.ts'
import { subscribe } from '../../src/events/bus.ts'
import { emit } from '../../src/events/emit.ts'
import type { GetCustomAccessToken } from '../../src/flows/customTokenSync.ts'
import { resumeOAuthIfReturning } from '../../src/oauth/returning.ts'
import { $config, passkeyUnlinkOnUnenroll, patchConfig } from '../../src/stores/config.ts'
import { $customTokenSync, type CustomTokenSyncState } from '../../src/stores/customTokenSync.ts'
import { $externalWallets, type ExternalWallet } from '../../src/stores/externalWallets.ts'
import { $modal } from '../../src/stores/modal.ts'
import { $session } from '../../src/stores/session.ts'
import { $wallets, type Wallet } from '../../src/stores/wallets.ts'
import { ModalShell } from '../../src/screens/shell/modalShell.ts'
import { styles } from './auth-modal.styles.ts'
import { installHostMethods } from '../host-method-table.ts'
import type { AccountHostMethods } from './host-methods.ts'
import type { MfaHostMethods } from './mfa-host-methods.ts'
import { tagMethods } from './tag-methods.ts'
import type { WalletHostMethods } from './wallet-host-methods.ts'

/** String attributes and the properties that reflect them. */
const STRING_ATTRIBUTES = { 'app-id': 'appId', 'api-url': 'apiUrl', theme: 'theme', 'accent-color': 'accentColor' } as const

/** Connected elements and the app id each one claimed: the page has one provider (spec §5). */
const providers = new Map<AuthModalElement, string>()

/**
 * Login and sign-up modal (e-mail code) backed by a Gatehouse server. Every `<auth-modal>` on a
 * page shares one session; a second one with a different app id is refused. The dialog and the
 * landing screen paint with lit-html; React and the later screens load right after (ARCHITECTURE.md
 * 'The landing without React'). Theming: the `--gh-*` properties and parts listed in src/ui/theme.ts (README 'Theming').
 *
 * @summary The Gatehouse login modal: e-mail code login, terms, session and access tokens.
 * @tag auth-modal
 *
 * @attr {string} app-id - The app id (exactly 25 characters).
 * @attr {string} api-url - Origin of the Gatehouse API; HTTPS except localhost/127.0.0.1. Defaults to the page origin.
 * @attr {'light' | 'dark'} theme - Colour scheme (wins over the app configuration's theme); default light.
 * @attr {string} accent-color - Accent colour (wins over `--gh-accent`, which wins over the app configuration's accent).
 * @attr {boolean} open - Present while the modal is open; setting or removing it opens or closes the modal.
 * @attr {boolean} standalone - Render inline, always visible, without backdrop or close button.
 *
 * @event {CustomEvent<AuthReadyEventDetail>} auth-ready - Configuration loaded and stored session restored; detail `{ authenticated, user }`.
 * @event {CustomEvent<AuthSuccessEventDetail>} auth-success - A login completed; detail `{ user, isNewUser, loginMethod: 'email' }`.
 * @event {CustomEvent<AuthErrorEventDetail>} auth-error - A login attempt or the setup failed; detail `{ code, message }`.
 * @event {CustomEvent<null>} logout - The session ended.
 * @event {CustomEvent<null>} modal-open - The modal opened.
 * @event {CustomEvent<null>} modal-close - The modal closed.
 * @event {CustomEvent<WalletConnectedEventDetail>} wallet-connected - An external wallet connected; detail `{ wallet }`.
 * @event {CustomEvent<WalletDisconnectedEventDetail>} wallet-disconnected - An external wallet disconnected; detail `{ wallet }`.
 * @event {CustomEvent<LinkSuccessEventDetail>} link-success - An account was linked (or transferred) to the user; detail `{ user, linkMethod, linkedAccount }`.
 * @event {CustomEvent<UnlinkSuccessEventDetail>} unlink-success - An account was unlinked; detail `{ user, unlinkMethod, linkedAccount }`.
 * @event {CustomEvent<UpdateSuccessEventDetail>} update-success - The user's e-mail or phone was replaced; detail `{ user, updateMethod, linkedAccount }`.
 * @event {CustomEvent<WalletCreatedEventDetail>} wallet-created - An embedded wallet was created or imported; detail `{ wallet }`.
 * @event {CustomEvent<SignSuccessEventDetail>} sign-success - An embedded wallet signed; detail `{ method, address, signature }`.
 * @event {CustomEvent<SignErrorEventDetail>} sign-error - Signing failed or was declined; detail `{ method, address, code, message }`.
 * @event {CustomEvent<TxSuccessEventDetail>} tx-success - A transaction's receipt is on chain (or it was signed); detail `{ method, address, chainId, hash, signature }`.
 * @event {CustomEvent<TxErrorEventDetail>} tx-error - A transaction failed, reverted or was declined; detail `{ method, address, chainId, hash, code, message }`.
 * @event {CustomEvent<MfaRequiredEventDetail>} mfa-required - A wallet call needs MFA and the prompt is off (`setMfaPrompt(false)`); detail `{ mfaMethods }`: answer with `submitMfa`.
 * @event {CustomEvent<MfaEnrollmentChangeEventDetail>} mfa-enrolled - An MFA method was added; detail `{ method, user }`.
 * @event {CustomEvent<MfaEnrollmentChangeEventDetail>} mfa-unenrolled - An MFA method was removed; detail `{ method, user }`.
 * @event {CustomEvent<FundSuccessEventDetail>} fund-success - A funding flow funded the wallet; detail `{ provider, status, txHash, sourceAddress, destinationAddress, sourceValue, destinationValue, sourceToken, destinationToken, sourceChain, destinationChain }`.
 * @event {CustomEvent<FundErrorEventDetail>} fund-error - A funding flow failed, a provider reported a failure, or the user left it; detail `{ code, message, provider?, status?, … }`.
 */
export class AuthModalElement extends HTMLElement {
  static get observedAttributes(): string[] {
    return [...Object.keys(STRING_ATTRIBUTES), 'open', 'standalone']
  }

  declare appId: string | undefined
  declare apiUrl: string | undefined
  declare theme: string | undefined
  declare accentColor: string | undefined

  static {
    // Each property reflects its attribute (what @r2wc did for the React tag before).
    for (const [attribute, property] of Object.entries(STRING_ATTRIBUTES)) {
      Object.defineProperty(this.prototype, property, {
        enumerable: true,
        configurable: true,
        get(this: AuthModalElement) {
          return this.getAttribute(attribute) ?? undefined
        },
        set(this: AuthModalElement, value: unknown) {
          if (value === null || value === undefined) this.removeAttribute(attribute)
          else this.setAttribute(attribute, String(value))
        },
      })
    }
  }

  readonly #shell: ModalShell

  /** Why this tag renders nothing (another app id owns the page), or null. */
  #refusal: MultipleProvidersError | null = null
  #readyEmitted = false
  #setupQueued = false
  #reflectingOpen = false
  #cleanups: (() => void)[] = []

  constructor() {
    super()
    this.#shell = new ModalShell(this.attachShadow({ mode: 'open' }), {
      styles,
      standalone: this.hasAttribute('standalone'),
      refused: false,
      theme: this.getAttribute('theme') ?? undefined,
      accentColor: this.getAttribute('accent-color') ?? undefined,
    })
  }

  /** The logged-in user, or null. */
  get user(): User | null {
    return $session.get().user
  }

  /** True while a session exists. */
  get authenticated(): boolean {
    return $session.get().status === 'authenticated'
  }

  /** True once the configuration and the stored session have settled (auth-ready fired). */
  get ready(): boolean {
    const { status } = $config.get()
    return (status === 'ready' || status === 'error') && $session.get().status !== 'loading'
  }

  get standalone(): boolean {
    return this.hasAttribute('standalone')
  }
  set standalone(value: boolean) {
    this.toggleAttribute('standalone', Boolean(value))
  }

  /**
   * The host's own auth (custom auth provider): a function answering the host's JWT for its
   * signed-in user, or nothing when the host's user is signed out. Setting it syncs the session
   * now and after every page load: a token logs in, no token logs out. See `customTokenSyncState`.
   */
  get getCustomAccessToken(): GetCustomAccessToken | null {
    return this.#getCustomAccessToken
  }
  set getCustomAccessToken(value: GetCustomAccessToken | null) {
    this.#getCustomAccessToken = typeof value === 'function' ? value : null
    // A refused tag has logged why it does not sync; nobody awaits the rejection here.
    this.syncCustomToken().catch(() => undefined)
  }
  #getCustomAccessToken: GetCustomAccessToken | null = null

  /** Custom-token sync: 'initial', 'loading', 'done', 'error' or 'not-enabled' (the app has no custom auth). */
  get customTokenSyncState(): CustomTokenSyncState {
    return $customTokenSync.get()
  }

  /** Re-runs the custom-token sync (e.g. after the host's user changed); resolves with the state. */
  async syncCustomToken(): Promise<CustomTokenSyncState> {
    const get = this.#getCustomAccessToken
    if (!get) return $customTokenSync.get()
    const appId = this.getAttribute('app-id') ?? ''
    // The sync's code loads only for a host that hands a token getter, while the configuration loads.
    const [{ syncCustomToken }] = await Promise.all([
      import('../../src/flows/customTokenSync.ts'),
      initialize({ appId, apiUrl: this.getAttribute('api-url') ?? '' }).catch(() => undefined),
    ])
    const login = async (token: string) => (await import('../../src/actions/loginWithCustomToken.ts')).loginWithCustomToken({ token })
    return syncCustomToken(get, { login, logout })
  }

  /** 'popup' (default, 440×680) or 'redirect' (the whole page goes to the provider and back). */
  get oauthMode(): 'popup' | 'redirect' {
    return $config.get().oauthMode ?? 'popup'
  }
  set oauthMode(value: 'popup' | 'redirect') {
    patchConfig({ oauthMode: value === 'redirect' ? 'redirect' : 'popup' })
  }

  /**
   * The passkey unlinking behaviour (spec part 1 §1): when on (the default), removing a passkey from
   * MFA also removes it as a way to log in; when off, it stays a login method and leaves MFA only.
   */
  get passkeyUnlinkOnUnenroll(): boolean {
    return passkeyUnlinkOnUnenroll()
  }
  set passkeyUnlinkOnUnenroll(value: boolean) {
    patchConfig({ passkeyUnlinkOnUnenroll: value !== false })
  }

  /**
   * Every wallet, embedded first: the user's embedded wallets (walletClientType 'privy': walletIndex,
   * recoveryMethod, imported…) then the connected external ones (connectorType, walletClientType,
   * meta, getEthereumProvider(), disconnect()).
   */
  get wallets(): (Wallet | ExternalWallet)[] {
    return [...$wallets.get(), ...$externalWallets.get()]
  }

  static {
    // syncCustomToken is no forwarder (it reads this tag's getter) but gets the same guard.
    installHostMethods(this, { ...tagMethods, syncCustomToken: { run: this.prototype.syncCustomToken, refused: 'reject' } }, (element) => element.#refusal)
  }

  connectedCallback(): void {
    this.#shell.connect()
    this.#cleanups.push(
      subscribe((name, detail) => {
        // auth-ready comes from this element's own initialize() promise (late joiners included).
        if (this.#refusal || name === 'auth-ready') return
        emit(this, name, detail)
      }),
      $modal.listen(({ open }) => this.#reflectOpen(open)),
    )
    this.#scheduleSetup()
  }

  disconnectedCallback(): void {
    this.#shell.disconnect()
    providers.delete(this)
    for (const cleanup of this.#cleanups.splice(0)) cleanup()
  }

  attributeChangedCallback(name: string, oldValue: string | null, newValue: string | null): void {
    if (name === 'open') {
      if (this.#reflectingOpen || !this.isConnected || this.#refusal) return
      if (newValue === null) closeModal()
      else openModal()
      return
    }
    if (name === 'standalone') return this.#shell.set({ standalone: newValue !== null })
    if (name === 'theme') this.#shell.set({ theme: newValue ?? undefined })
    if (name === 'accent-color') this.#shell.set({ accentColor: newValue ?? undefined })
    if ((name === 'app-id' || name === 'api-url') && oldValue !== newValue) {
      this.#readyEmitted = false
      this.#scheduleSetup()
    }
  }

  #reflectOpen(open: boolean): void {
    if (this.#refusal || this.hasAttribute('open') === open) return
    this.#reflectingOpen = true
    this.toggleAttribute('open', open)
    this.#reflectingOpen = false
  }

  /** Batches attribute changes of one task (app-id then api-url) into one initialize(). */
  #scheduleSetup(): void {
    if (this.#setupQueued) return
    this.#setupQueued = true
    queueMicrotask(() => {
      this.#setupQueued = false
      if (this.isConnected) this.#setup()
    })
  }

  #setup(): void {
    const appId = this.getAttribute('app-id') ?? ''
    const apiUrl = this.getAttribute('api-url') ?? ''
    const owner = [...providers].find(([element, id]) => element !== this && element.isConnected && id !== appId)
    if (owner) {
      this.#refusal = new MultipleProvidersError({ appId, activeAppId: owner[1] })
      providers.delete(this)
      this.#shell.set({ refused: true })
      console.error(`[gatehouse] ${this.#refusal.message}`)
      return
    }
    this.#refusal = null
    this.#shell.set({ refused: false })
    try {
      validateSetup({ appId, apiUrl })
    } catch (error) {
      providers.delete(this)
      console.error(`[gatehouse] ${(error as Error).message}`)
      emit(this, 'auth-error', errorDetail(error))
      return
    }
    providers.set(this, appId)
    initialize({ appId, apiUrl })
      .then(({ authenticated, user }) => {
        if (this.#readyEmitted || this.#refusal || !this.isConnected) return
        this.#readyEmitted = true
        emit(this, 'auth-ready', { authenticated, user })
        resumeOAuthIfReturning()
      })
      .catch((error) => console.error('[gatehouse] initialization failed', error))
    if (this.hasAttribute('open')) openModal()
    else if ($modal.get().open) this.#reflectOpen(true)
  }
}

// The host methods' contracts, implemented by the tables of ./tag-methods.ts.
export interface AuthModalElement extends AccountHostMethods, WalletHostMethods, MfaHostMethods {}
