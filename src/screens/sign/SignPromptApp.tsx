import { useStore } from '@nanostores/react'
import { lazy, Suspense, useRef, type KeyboardEvent } from 'react'
import { $modal } from '../../stores/modal.ts'
import { $signRequest, type SignUiOptions } from '../../stores/signRequest.ts'
import { $txPrompt } from '../../stores/txPrompt.ts'
import type { EthereumTxController } from '../../transactions/drivers/ethereum.ts'
import type { SolanaTxController } from '../../transactions/drivers/solana.ts'
import { FocusTrap, useDialogFocus } from '../../ui/dialogFocus.tsx'
import { useClosingAnimation } from '../../ui/dialogMotion.ts'
import { ScreenFocus } from '../../ui/ScreenFocus.tsx'
import { Spinner } from '../../ui/Spinner.tsx'
import { useTheme } from '../../ui/useTheme.ts'
import { useVisualViewport } from '../../ui/useVisualViewport.ts'

const SignPromptView = lazy(() => import('./SignPromptView.tsx'))
const TransactionView = lazy(() => import('../transactions/TransactionView.tsx'))
const SolanaTransactionView = lazy(() => import('../transactions/SolanaTransactionView.tsx'))

export interface SignPromptAppProps {
  /** Set by the element: only one connected `<sign-prompt>` renders a request. */
  active?: boolean
  /** Defaults from the element's attributes; the call's uiOptions win. */
  defaults?: SignUiOptions
  theme?: string
  accentColor?: string
  styles?: string
}

/** The React tree inside `<sign-prompt>`: nothing until a signature or transaction request is pending. */
export function SignPromptApp({ active = false, defaults = {}, theme, accentColor, styles = '' }: SignPromptAppProps) {
  const request = useStore($signRequest)
  const tx = useStore($txPrompt)
  const { open: modalOpen } = useStore($modal)
  const dialogRef = useRef<HTMLDivElement>(null)
  const resolved = useTheme(theme, accentColor)
  const open = active && Boolean(request || tx)
  // Focus moves into the prompt while it shows (not while <auth-modal> covers it) and back to the page after.
  useDialogFocus(dialogRef, open && !modalOpen)
  const viewportBox = useVisualViewport(open)
  // The sheet fades out like the modal (src/ui/dialogMotion.ts): the request has settled and the host
  // has its answer already; only the last screen lingers, inert, until the animation ends.
  const { shown, closing, finishClosing } = useClosingAnimation(open, true)
  const last = useRef<{ request: typeof request; tx: typeof tx }>({ request: null, tx: null })
  if (open) last.current = { request, tx }
  const style = (
    <>
      <style>{styles}</style>
      <style>{resolved.hostRule}</style>
    </>
  )
  if (!shown || !active) return style
  const showing = open ? { request, tx } : last.current
  if (!showing.request && !showing.tx) return style
  // Escape does what the screen's close control (or the message's 'Not now') does; nothing while it has none.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || closing) return
    const dismiss = dialogRef.current?.querySelector<HTMLButtonElement>('[part="close-button"], [data-dismiss]')
    if (!dismiss || dismiss.disabled) return
    event.preventDefault()
    dismiss.click()
  }
  return (
    <>
      {style}
      {/* Hidden, not unmounted, while <auth-modal> asks for the recovery password: the request waits. */}
      <div className={`root${closing ? ' closing' : ''}`} part="root" data-theme={resolved.theme} style={resolved.rootStyle} hidden={modalOpen}>
        <div className="backdrop" part="backdrop" style={viewportBox}>
          <FocusTrap dialog={dialogRef}>
            <div
              ref={dialogRef}
              className="dialog"
              part="dialog"
              role="dialog"
              aria-modal="true"
              aria-labelledby="gh-sign-title"
              tabIndex={-1}
              onKeyDown={onKeyDown}
              inert={closing || undefined}
              onAnimationEnd={(event) => {
                if (event.target === event.currentTarget && event.animationName === 'gh-dialog-out') finishClosing()
              }}
            >
              <Suspense fallback={<Spinner />}>
                {showing.request ? (
                  <SignPromptView key={`s${showing.request.id}`} request={showing.request} defaults={defaults} />
                ) : showing.tx!.driver.kind === 'ethereum' ? (
                  <TransactionView key={`t${showing.tx!.id}`} controller={showing.tx as EthereumTxController} />
                ) : (
                  <SolanaTransactionView key={`t${showing.tx!.id}`} controller={showing.tx as SolanaTxController} />
                )}
                <ScreenFocus />
              </Suspense>
            </div>
          </FocusTrap>
        </div>
      </div>
    </>
  )
}
