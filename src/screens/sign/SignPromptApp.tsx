import { useStore } from '@nanostores/react'
import { lazy, Suspense, useRef } from 'react'
import { $modal } from '../../stores/modal.ts'
import { $signRequest, type SignUiOptions } from '../../stores/signRequest.ts'
import { $txPrompt } from '../../stores/txPrompt.ts'
import type { EthereumTxController } from '../../transactions/drivers/ethereum.ts'
import type { SolanaTxController } from '../../transactions/drivers/solana.ts'
import { FocusTrap, useDialogFocus } from '../../ui/dialogFocus.tsx'
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
  // Focus moves into the prompt while it shows (not while <auth-modal> covers it) and back to the page after.
  useDialogFocus(dialogRef, active && Boolean(request || tx) && !modalOpen)
  const viewportBox = useVisualViewport(active && Boolean(request || tx))
  const style = (
    <>
      <style>{styles}</style>
      <style>{resolved.hostRule}</style>
    </>
  )
  if (!active || (!request && !tx)) return style
  return (
    <>
      {style}
      {/* Hidden, not unmounted, while <auth-modal> asks for the recovery password: the request waits. */}
      <div className="root" part="root" data-theme={resolved.theme} style={resolved.rootStyle} hidden={modalOpen}>
        <div className="backdrop" part="backdrop" style={viewportBox}>
          <FocusTrap dialog={dialogRef}>
            <div ref={dialogRef} className="dialog" part="dialog" role="dialog" aria-modal="true" aria-labelledby="gh-sign-title" tabIndex={-1}>
              <Suspense fallback={<Spinner />}>
                {request ? (
                  <SignPromptView key={`s${request.id}`} request={request} defaults={defaults} />
                ) : tx!.driver.kind === 'ethereum' ? (
                  <TransactionView key={`t${tx!.id}`} controller={tx as EthereumTxController} />
                ) : (
                  <SolanaTransactionView key={`t${tx!.id}`} controller={tx as SolanaTxController} />
                )}
              </Suspense>
            </div>
          </FocusTrap>
        </div>
      </div>
    </>
  )
}
