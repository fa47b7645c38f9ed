import { useStore } from '@nanostores/react'
import { lazy, Suspense } from 'react'
import { $modal } from '../../stores/modal.ts'
import { $signRequest, type SignUiOptions } from '../../stores/signRequest.ts'
import { $solanaTxRequest } from '../../stores/solanaTxRequest.ts'
import { $txRequest } from '../../stores/txRequest.ts'
import { Spinner } from '../../ui/Spinner.tsx'

const SignPromptView = lazy(() => import('./SignPromptView.tsx'))
const TransactionView = lazy(() => import('../transactions/TransactionView.tsx'))
const SolanaTransactionView = lazy(() => import('../transactions/SolanaTransactionView.tsx'))

export interface SignPromptAppProps {
  /** Set by the element: only one connected `<sign-prompt>` renders a request. */
  active?: boolean
  /** Defaults from the element's attributes; the call's uiOptions win. */
  defaults?: SignUiOptions
  theme?: string
  styles?: string
}

/** The React tree inside `<sign-prompt>`: nothing until a signature or transaction request is pending. */
export function SignPromptApp({ active = false, defaults = {}, theme, styles = '' }: SignPromptAppProps) {
  const request = useStore($signRequest)
  const tx = useStore($txRequest)
  const solanaTx = useStore($solanaTxRequest)
  const { open: modalOpen } = useStore($modal)
  const style = <style>{styles}</style>
  if (!active || (!request && !tx && !solanaTx)) return style
  return (
    <>
      {style}
      {/* Hidden, not unmounted, while <auth-modal> asks for the recovery password: the request waits. */}
      <div className="root" part="root" data-theme={theme === 'dark' ? 'dark' : 'light'} hidden={modalOpen}>
        <div className="backdrop" part="backdrop">
          <div className="dialog" part="dialog" role="dialog" aria-modal="true" aria-labelledby="gh-sign-title">
            <Suspense fallback={<Spinner />}>
              {request ? (
                <SignPromptView key={`s${request.id}`} request={request} defaults={defaults} />
              ) : tx ? (
                <TransactionView key={`t${tx.id}`} request={tx} />
              ) : (
                <SolanaTransactionView key={`sol${solanaTx!.id}`} request={solanaTx!} />
              )}
            </Suspense>
          </div>
        </div>
      </div>
    </>
  )
}
