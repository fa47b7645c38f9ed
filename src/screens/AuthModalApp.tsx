import { useStore } from '@nanostores/react'
import { useRef, useState, type KeyboardEvent } from 'react'
import { closeModal } from '../actions/closeModal.ts'
import { $config } from '../stores/config.ts'
import { $modal, backScreen, currentScreen } from '../stores/modal.ts'
import { $session } from '../stores/session.ts'
import { ErrorView } from '../ui/ErrorView.tsx'
import { FocusTrap, useDialogFocus } from '../ui/dialogFocus.tsx'
import { useClosingAnimation, useHeightTransition } from '../ui/dialogMotion.ts'
import { Footer, Header } from '../ui/Header.tsx'
import { TITLE_ID } from '../ui/ScreenTitle.tsx'
import { useTheme } from '../ui/useTheme.ts'
import LoadingScreen from './common/LoadingScreen.tsx'
import { GENERIC_ERROR } from './login/errorMapping.ts'
import { ScreenRouter } from './ScreenRouter.tsx'

export interface AuthModalAppProps {
  appId?: string
  apiUrl?: string
  theme?: string
  accentColor?: string
  standalone?: boolean
  /** Set by the element when another app id already owns the page: render nothing. */
  refused?: boolean
  /** Set by the element: the stylesheet text for the shadow root. */
  styles?: string
}

const INFO: Partial<Record<string, string>> = {
  code: "Can't find the code? Check your spam folder, or use 'Resend code'.",
  landing: 'Enter your e-mail address and we will send you a one-time code.',
}

/** The React tree inside `<auth-modal>`'s shadow root: the modal shell and the current screen. */
export function AuthModalApp({ theme, accentColor, standalone = false, refused = false, styles = '' }: AuthModalAppProps) {
  const modal = useStore($modal)
  const config = useStore($config)
  const session = useStore($session)
  const [infoFor, setInfoFor] = useState<string | null>(null)
  const resolved = useTheme(theme, accentColor)
  const dialogRef = useRef<HTMLDivElement>(null)
  const contentRef = useRef<HTMLDivElement>(null)
  // A modal dialog moves focus in and gives it back on close; the standalone card is part of the page.
  useDialogFocus(dialogRef, modal.open && !standalone && !refused)
  // The modal fades and scales in and out; the standalone card is part of the page and just stays.
  const { shown, closing, finishClosing } = useClosingAnimation(modal.open, !standalone)
  useHeightTransition(dialogRef, contentRef, (shown || standalone) && !refused)
  if (refused) return null
  const style = (
    <>
      <style>{styles}</style>
      <style>{resolved.hostRule}</style>
    </>
  )
  if (!shown && !standalone) return style

  const screen = currentScreen(modal)
  const ready = config.status === 'ready' && session.status !== 'loading'
  const info = ready ? INFO[screen.name] : undefined

  let body
  if (config.status === 'error') body = <ErrorView {...GENERIC_ERROR} onCta={() => closeModal()} />
  else if (!ready) body = <LoadingScreen />
  else {
    // The captcha screen covers the screen that asked for a token without unmounting it:
    // status screens start their call on mount, and a remount would ask for a second token.
    const captchaOnTop = screen.name === 'captcha' && modal.stack.length > 1
    const depth = modal.stack.length - (captchaOnTop ? 1 : 0)
    body = (
      <>
        {captchaOnTop ? <ScreenRouter screen={screen} depth={modal.stack.length} /> : null}
        <div style={{ display: captchaOnTop ? 'none' : 'contents' }}>
          <ScreenRouter screen={modal.stack[depth - 1] ?? screen} depth={depth} />
        </div>
      </>
    )
  }

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && !standalone) closeModal()
  }
  const dialog = (
    <div
      ref={dialogRef}
      className="dialog"
      part="dialog"
      role="dialog"
      aria-modal={standalone ? undefined : true}
      aria-labelledby={TITLE_ID}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      inert={closing || undefined}
      onAnimationEnd={(event) => {
        if (event.target === event.currentTarget && event.animationName === 'gh-dialog-out') finishClosing()
      }}
    >
      <div ref={contentRef} className="dialog-content">
        <Header
          onBack={ready && modal.stack.length > 1 ? backScreen : undefined}
          onInfo={info ? () => setInfoFor(infoFor === screen.name ? null : screen.name) : undefined}
          onClose={standalone ? undefined : closeModal}
        />
        {info && infoFor === screen.name ? (
          <p className="note" part="info" role="note">
            {info}
          </p>
        ) : null}
        {body}
        <Footer />
      </div>
    </div>
  )
  return (
    <>
      {style}
      <div className={`root${standalone ? ' standalone' : ''}${closing ? ' closing' : ''}`} part="root" data-theme={resolved.theme} style={resolved.rootStyle}>
        {standalone ? (
          dialog
        ) : (
          <div
            className="backdrop"
            part="backdrop"
            onClick={(event) => {
              if (event.target === event.currentTarget) closeModal()
            }}
          >
            <FocusTrap dialog={dialogRef}>{dialog}</FocusTrap>
          </div>
        )}
      </div>
    </>
  )
}
