import { useEffect, useRef, useState } from 'react'
import { toBaseError } from '../../errors/toBaseError.ts'
import { EmbeddedWalletError } from '../../errors/wallet.ts'
import { PrimaryButton, SecondaryButton } from '../../ui/Button.tsx'
import { signInFrame, type PendingSign, type SignUiOptions } from '../../wallets/embedded/signing.ts'
import { WALLET_TIMING } from '../wallets/embedded/timing.ts'
import { MessageView } from './MessageView.tsx'
import { onScreen } from '../../ui/onScreen.ts'

export const SIGN_TEXTS = {
  title: 'Sign message',
  description: 'Signing this message will not cost you any fees.',
  button: 'Sign and continue',
  signing: 'Signing...',
  success: 'Success',
  cancel: 'Not now',
}

/** 'Sign message': the message, then 'Sign and continue' → 'Signing...' → 'Success' (closes after 1.4 s). */
export default function SignPromptView({ request, defaults }: { request: PendingSign; defaults: SignUiOptions }) {
  const options = { ...defaults, ...request.uiOptions }
  const [status, setStatus] = useState<'idle' | 'signing' | 'success'>('idle')
  const [error, setError] = useState<string | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), [])

  async function sign() {
    setStatus('signing')
    setError(null)
    try {
      const signature = await signInFrame(request)
      setStatus('success')
      timer.current = setTimeout(() => request.resolve(signature), WALLET_TIMING.successCloseMs)
    } catch (failure) {
      const base = toBaseError(failure)
      // The user exiting recovery ends the request; other failures may be retried.
      if (base.code === 'USER_EXITED_AUTH_FLOW') return request.reject(base)
      setError(onScreen(base.shortMessage))
      setStatus('idle')
    }
  }

  function cancel() {
    request.reject(new EmbeddedWalletError('The user rejected the request', { code: 'USER_REJECTED' }))
  }

  return (
    <div className="body" part="body" data-screen="sign-message">
      {options.iconUrl ? <img className="logo" part="icon" src={options.iconUrl} alt="" /> : null}
      <h2 id="gh-sign-title" className="title" part="title">
        {options.title ?? SIGN_TEXTS.title}
      </h2>
      <p className="detail">{options.description ?? SIGN_TEXTS.description}</p>
      <MessageView method={request.method} data={request.data} />
      {error ? (
        <p className="error-message" part="error-message" role="alert">
          {error}
        </p>
      ) : null}
      <PrimaryButton onClick={sign} disabled={status !== 'idle'} success={status === 'success'} aria-busy={status === 'signing' || undefined}>
        {status === 'signing' ? SIGN_TEXTS.signing : status === 'success' ? SIGN_TEXTS.success : (options.buttonText ?? SIGN_TEXTS.button)}
      </PrimaryButton>
      {options.isCancellable && status === 'idle' ? (
        <SecondaryButton onClick={cancel} data-dismiss="">
          {SIGN_TEXTS.cancel}
        </SecondaryButton>
      ) : null}
    </div>
  )
}
