/**
 * What `<auth-modal>` paints in its shadow root, without React: the dialog (root, backdrop, focus
 * guards, header, help note, footer), the loading and configuration-error bodies, and the landing
 * screen (./landingView.ts). Every later screen is React (../ScreensApp.tsx), mounted into a host
 * node inside this dialog: its chunk (React, the router) is fetched right after the landing paints,
 * or at once when a later screen is needed first; until it is in, that screen shows the spinner.
 * ARCHITECTURE.md 'The landing without React' says why.
 */
import { html, nothing, render } from 'lit-html'
import { ref } from 'lit-html/directives/ref.js'
import type { ReadableAtom } from 'nanostores'
import { closeModal } from '../../actions/closeModal.ts'
import { GENERIC_ERROR } from '../../flows/outcome.ts'
import { landingLayout, type LandingLayout } from '../../flows/landingLayout.ts'
import { $config } from '../../stores/config.ts'
import { $emailFlow, setEmailInput } from '../../stores/emailFlow.ts'
import { $landing } from '../../stores/landing.ts'
import { $modal, backScreen, currentScreen, preloadScreen, pushScreen } from '../../stores/modal.ts'
import { $session } from '../../stores/session.ts'
import { createScreensView, type ScreensView } from '../../stores/screensView.ts'
import { getRecentLoginMethod } from '../../stores/storage.ts'
import { deepActiveElement, focusables, focusStep, trackCardFocus, TITLE_ID } from '../../ui/focus.ts'
import { loadedIcons, loadIcons } from '../../ui/icons/load.ts'
import { CLOSE_FALLBACK_MS, reducedMotion, watchHeight } from '../../ui/motion.ts'
import { safeColor } from '../../ui/theme.ts'
import { emailFormView, submitEmailLogin } from '../login/emailForm.ts'
import { coolingLeft, pressMethod } from '../login/methodCooldown.ts'
import { prefetchCodeScreen } from '../login/prefetchCodeScreen.ts'
import { landingView } from './landingView.ts'
import { errorBody, footer, header, loadingBody } from './parts.ts'

const INFO: Partial<Record<string, string>> = {
  code: "Can't find the code? Check your spam folder, or use 'Resend code'.",
  landing: 'Enter your e-mail address and we will send you a one-time code.',
}

export interface ShellProps {
  theme?: string
  accentColor?: string
  standalone: boolean
  /** Another app id owns the page: render nothing. */
  refused: boolean
  /** The stylesheet text for the shadow root. */
  styles: string
}

type MountScreens = (host: HTMLElement, view: ReadableAtom<ScreensView>) => () => void

const warned = new Set<string>()

/** Loads the React half once per page: React, react-dom, the screen router (`../mountScreens.tsx`). */
let reactChunk: Promise<MountScreens> | null = null
function loadReact(): Promise<MountScreens> {
  reactChunk ??= import('../mountScreens.tsx').then(
    (m) => m.mountScreens as MountScreens,
    (error) => {
      reactChunk = null
      throw error
    },
  )
  return reactChunk
}

export class ModalShell {
  props: ShellProps
  readonly #root: ShadowRoot
  #connected = false
  #unsubscribe: (() => void)[] = []
  // Dialog motion and focus.
  #shown = false
  #closeTimer: ReturnType<typeof setTimeout> | undefined
  #opener: Element | null = null
  #wasOpen = false
  #dialog: HTMLElement | null = null
  #content: HTMLElement | null = null
  #watched: HTMLElement | null = null
  #stopWatching: (() => void) | null = null
  #infoFor: string | null = null
  // The landing.
  #submitting = false
  #landingShown = false
  #emailInput: HTMLInputElement | null = null
  #coolTimer: ReturnType<typeof setTimeout> | undefined
  // The React half: a host node inside the dialog, mounted once its chunk is in.
  readonly #host: HTMLDivElement
  readonly #view = createScreensView()
  #unmount: (() => void) | null = null
  #reactReady = false
  #loadScheduled = false
  #loadStarted = false

  constructor(root: ShadowRoot, props: ShellProps) {
    this.#root = root
    this.props = props
    this.#host = document.createElement('div')
    this.#host.style.display = 'contents'
  }

  connect(): void {
    this.#connected = true
    const update = () => this.render()
    this.#unsubscribe.push($modal.listen(update), $config.listen(update), $session.listen(update), $emailFlow.listen(update), $landing.listen(update))
    this.render()
  }

  disconnect(): void {
    this.#connected = false
    for (const stop of this.#unsubscribe.splice(0)) stop()
    this.#unmount?.()
    this.#unmount = null
    this.#reactReady = false
    this.#loadScheduled = false
    this.#stopWatching?.()
    this.#stopWatching = this.#watched = null
  }

  set(patch: Partial<ShellProps>): void {
    this.props = { ...this.props, ...patch }
    if (this.#connected) this.render()
  }

  /** Starts the React half: after the landing paints, or now when a React screen is waiting. */
  #loadReact(now: boolean): void {
    if (this.#unmount || this.#loadStarted) return
    if (now) return this.#startLoad()
    if (this.#loadScheduled) return
    this.#loadScheduled = true
    // Two frames: the landing has painted before the chunk's download and parsing start. A screen
    // asked for in between starts it at once (above) and this one then finds it started.
    requestAnimationFrame(() => setTimeout(() => this.#startLoad(), 0))
  }

  #startLoad(): void {
    if (this.#unmount || this.#loadStarted || !this.#connected) return
    this.#loadStarted = true
    loadReact()
      // The screens shown now are fetched before React's first render, which then shows them
      // without a Suspense round (the router registered its preloader when its chunk ran).
      .then((mount) =>
        Promise.all(
          $modal
            .get()
            .stack.slice(-2)
            .map((screen) => preloadScreen(screen.name)),
        ).then(() => mount),
      )
      .then(
        (mount) => {
          this.#loadStarted = false
          if (!this.#connected || this.#unmount) return
          this.#view.set({ ...this.#view.get(), onCommit: () => this.#onReactCommit() })
          this.#unmount = mount(this.#host, this.#view)
        },
        (error) => {
          this.#loadStarted = false
          console.error('[gatehouse] the screens could not load', error)
        },
      )
  }

  #onReactCommit(): void {
    if (this.#reactReady) return
    this.#reactReady = true
    // The next screen most users reach, with the router's table: it then renders without a Suspense round.
    void preloadScreen('code')
    this.render()
  }

  #open(): boolean {
    return $modal.get().open && !this.props.refused
  }

  render(): void {
    if (!this.#connected) return
    const { props } = this
    const open = this.#open()
    // Opening: remember who had focus, to give it back on close (WAI-ARIA dialog pattern).
    if (open && !this.#wasOpen && !props.standalone) this.#opener = deepActiveElement()
    const closedNow = !open && this.#wasOpen
    const openedNow = open && !this.#wasOpen
    this.#wasOpen = open
    this.#updateShown(open)

    const config = $config.get()
    const app = config.app
    const configAccent = safeColor(app?.accentColor)
    // prettier-ignore
    const styles = html`<style>${props.styles}</style><style>${configAccent ? `:host { --gh-accent: ${configAccent}; }` : ''}</style>`
    if (props.refused || (!this.#shown && !props.standalone)) {
      // The screens unmount while the dialog is away: a screen opened again starts afresh.
      this.#setView({ visible: false, litLanding: this.#view.get().litLanding })
      render(props.refused ? nothing : styles, this.#root)
      this.#afterRender(false, false, closedNow)
      return
    }

    const modal = $modal.get()
    const screen = currentScreen(modal)
    const ready = config.status === 'ready' && $session.get().status !== 'loading'
    const info = ready ? INFO[screen.name] : undefined
    const closing = !open && this.#shown
    const theme = props.theme === 'dark' || props.theme === 'light' ? props.theme : app?.theme === 'dark' ? 'dark' : 'light'
    const accent = safeColor(props.accentColor)

    // The captcha covers the screen that asked for its token without removing it (src/screens/ScreensApp.tsx).
    const captchaOnTop = screen.name === 'captcha' && modal.stack.length > 1
    const below = modal.stack[modal.stack.length - (captchaOnTop ? 2 : 1)] ?? screen
    let layout: LandingLayout | null = null
    if (below.name === 'landing') {
      layout = landingLayout({ app, prefill: $landing.get().prefill, recentMethod: config.appId ? getRecentLoginMethod(config.appId) : null })
      this.#warn(layout.warnings)
    }
    // The phone input is React's (libphonenumber-js): an inline SMS landing is React's once React is in.
    const litLanding = layout !== null && !(layout.inline === 'sms' && this.#reactReady)
    const reactNeeded = ready && config.status !== 'error' && (captchaOnTop || !litLanding)
    this.#setView({ visible: ready && config.status !== 'error', litLanding })

    let body
    if (config.status === 'error') body = errorBody(GENERIC_ERROR, () => closeModal())
    else if (!ready) body = loadingBody()
    else {
      const landing =
        litLanding && layout ? html`<div style=${`display: ${captchaOnTop ? 'none' : 'contents'}`}>${landingView(this.#landingInput(layout))}</div>` : nothing
      // The lit landing shows in the task that asked for it; React takes its leaving screen away in
      // its own turn. Until then that screen is hidden, not shown beside the landing (a busy machine
      // made it a visible moment, and a locator could find the leaving screen's inputs).
      this.#host.style.display = litLanding && !captchaOnTop ? 'none' : 'contents'
      body = html`${this.#host}${reactNeeded && !this.#reactReady ? loadingBody() : nothing}${landing}`
    }

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !props.standalone) closeModal()
    }
    const dialog = html`<div
      ${ref(this.#dialogRef)}
      class="dialog"
      part="dialog"
      role="dialog"
      aria-modal=${props.standalone ? nothing : 'true'}
      aria-labelledby=${TITLE_ID}
      tabindex="-1"
      @keydown=${onKeyDown}
      .inert=${closing}
      @animationend=${(event: AnimationEvent) => {
        if (event.target === event.currentTarget && event.animationName === 'gh-dialog-out') this.#finishClosing()
      }}
    >
      <div ${ref(this.#contentRef)} class="dialog-content">
        ${header({
          onBack: ready && modal.stack.length > 1 ? backScreen : undefined,
          onInfo: info ? () => this.#toggleInfo(screen.name) : undefined,
          onClose: props.standalone ? undefined : closeModal,
        })}
        ${info && this.#infoFor === screen.name ? html`<p class="note" part="info" role="note">${info}</p>` : nothing} ${body} ${footer()}
      </div>
    </div>`
    const guard = (which: 'first' | 'last') => () => {
      const box = this.#dialog
      if (!box) return
      const items = focusables(box)
      ;(which === 'first' ? items[0] : items.at(-1))?.focus() ?? box.focus()
    }
    render(
      html`${styles}
        <div
          class=${`root${props.standalone ? ' standalone' : ''}${closing ? ' closing' : ''}`}
          part="root"
          data-theme=${theme}
          style=${accent ? `--gh-accent: ${accent};` : nothing}
        >
          ${
            props.standalone
              ? dialog
              : html`<div
                  class="backdrop"
                  part="backdrop"
                  @click=${(event: MouseEvent) => {
                    if (event.target === event.currentTarget) closeModal()
                  }}
                >
                  <span tabindex="0" class="focus-guard" data-focus-guard="start" @focus=${guard('last')}></span>${dialog}<span
                    tabindex="0"
                    class="focus-guard"
                    data-focus-guard="end"
                    @focus=${guard('first')}
                  ></span>
                </div>`
          }
        </div>`,
      this.#root,
    )
    if (layout && litLanding && !loadedIcons())
      void loadIcons().then(
        () => this.render(),
        () => undefined,
      )
    if (reactNeeded) this.#loadReact(true)
    else if (ready) this.#loadReact(false)
    this.#afterRender(litLanding && ready && config.status !== 'error' && !captchaOnTop, openedNow, closedNow)
  }

  #dialogRef = (element?: Element) => {
    this.#dialog = (element as HTMLElement | undefined) ?? null
  }
  #contentRef = (element?: Element) => {
    this.#content = (element as HTMLElement | undefined) ?? null
  }

  #setView(next: { visible: boolean; litLanding: boolean }): void {
    const now = this.#view.get()
    if (now.visible !== next.visible || now.litLanding !== next.litLanding) this.#view.set({ ...now, ...next })
  }

  /** The closing animation: the dialog lingers, inert, until `gh-dialog-out` ends (or 400 ms). */
  #updateShown(open: boolean): void {
    if (open) {
      clearTimeout(this.#closeTimer)
      this.#closeTimer = undefined
      this.#shown = true
      return
    }
    if (!this.#shown) return
    if (this.props.standalone || reducedMotion()) {
      this.#shown = false
      return
    }
    this.#closeTimer ??= setTimeout(() => this.#finishClosing(), CLOSE_FALLBACK_MS)
  }

  #finishClosing(): void {
    if (this.#open()) return
    clearTimeout(this.#closeTimer)
    this.#closeTimer = undefined
    this.#shown = false
    this.render()
  }

  #toggleInfo(name: string): void {
    this.#infoFor = this.#infoFor === name ? null : name
    this.render()
  }

  #afterRender(landingShown: boolean, openedNow: boolean, closedNow: boolean): void {
    const box = this.#dialog?.isConnected ? this.#dialog : null
    // The dialog grows and shrinks between screens (src/ui/motion.ts).
    if (box !== this.#watched) {
      this.#stopWatching?.()
      this.#stopWatching = box && this.#content ? watchHeight(box, this.#content) : null
      this.#watched = box
    }
    if (this.props.standalone) trackCardFocus(this.#root)
    // The e-mail input takes focus when it appears (React's autoFocus did the same).
    const input = landingShown ? this.#root.querySelector<HTMLInputElement>('#gh-email') : null
    if (input && input !== this.#emailInput) input.focus()
    this.#emailInput = input
    // The landing appearing (on open, or back from another screen) gets the focus like every screen (src/ui/focus.ts).
    if (landingShown && !this.#landingShown) {
      const step = this.#root.querySelector<HTMLElement>('[data-screen="landing"]')
      if (step) focusStep([step], this.props.standalone)
    }
    this.#landingShown = landingShown
    if (box && openedNow && !this.props.standalone && !box.contains(deepActiveElement())) (focusables(box)[0] ?? box).focus()
    if (closedNow) {
      const previous = this.#opener
      this.#opener = null
      if (previous instanceof HTMLElement && previous.isConnected) previous.focus()
    }
  }

  /** Configuration mistakes are the developer's to see, once per message. */
  #warn(warnings: string[]): void {
    for (const warning of warnings) {
      if (warned.has(warning)) continue
      warned.add(warning)
      console.warn(`[gatehouse] ${warning}`)
    }
  }

  #landingInput(layout: LandingLayout) {
    const flow = $emailFlow.get()
    // A cooling entry comes back to life when its 2 s are over.
    const cooling = layout.visible.map(coolingLeft).filter((left) => left > 0)
    if (cooling.length && this.#coolTimer === undefined)
      this.#coolTimer = setTimeout(
        () => {
          this.#coolTimer = undefined
          this.render()
        },
        Math.min(...cooling),
      )
    return {
      app: $config.get().app,
      layout,
      email: flow.email,
      form: emailFormView(flow, $config.get().app, this.#submitting),
      onEmailInput: (value: string) => {
        setEmailInput(value)
        // Fetch the code screen while the user types, not before the landing screen paints.
        prefetchCodeScreen()
      },
      onEmailSubmit: (event: Event) => {
        event.preventDefault()
        const form = emailFormView($emailFlow.get(), $config.get().app, this.#submitting)
        if (form.busy || form.problem) return
        this.#submitting = true
        this.render()
        // The code screen is React's: its chunk is on its way already; the spinner shows if it is not in yet.
        submitEmailLogin($emailFlow.get().email).finally(() => {
          this.#submitting = false
          this.render()
        })
      },
      onMethod: (method: string) => {
        // Runs in the click itself (an OAuth popup must open in the user's gesture); the screen it
        // pushes is React's, shown once React is in, the spinner until then.
        pressMethod(method)
        this.render()
      },
      onMore: () => pushScreen({ name: 'landing-overflow' }),
    }
  }
}
