import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import { closeModal } from '../../actions/closeModal.ts'
import { MfaError } from '../../errors/mfa.ts'
import { leaveMfaScreen } from '../../mfa/screens.ts'
import { MFA_METHOD_LABEL, MFA_RESEND_COOLDOWN_MS, MFA_TEXT, type MfaMethod } from '../../mfa/texts.ts'
import { initMfaMethod } from '../../mfa/verify.ts'
import { $mfaRequest } from '../../stores/mfa.ts'
import { $session } from '../../stores/session.ts'
import { PrimaryButton, SecondaryButton } from '../../ui/Button.tsx'
import { ScreenTitle } from '../../ui/ScreenTitle.tsx'
import { PendingPreview } from './PendingPreview.tsx'
import { useCodeEntry } from './useCodeEntry.tsx'

export const MFA_CODE_TEXT: Record<'sms' | 'totp', string> = {
  sms: 'To continue, please enter the 6-digit code sent to your mobile device.',
  totp: 'To continue, please enter the 6-digit code generated from your authenticator app.',
}

/**
 * MFA verification (spec part 2 §2): chooser (skipped with one method), 'Enter verification code'
 * or 'Verifying with passkey'. Answers the pending verification in `$mfaRequest`; 'txn' shows the
 * pending signature or transaction beneath.
 */
export default function MfaVerifyScreen({ flow }: { flow: 'auth' | 'txn' }) {
  const pending = useStore($mfaRequest)
  const methods = pending?.methods ?? []
  const [method, setMethod] = useState<MfaMethod | null>(methods.length === 1 ? methods[0] : null)
  const [blocking, setBlocking] = useState<string | null>(null)
  const [resendReady, setResendReady] = useState(false)
  /** sms: sends a code now, and allows 'Resend code' again after 30 s (spec §9 resend cooldown). */
  const sendSms = () => {
    setResendReady(false)
    initMfaMethod('sms').catch(fail)
    setTimeout(() => setResendReady(true), MFA_RESEND_COOLDOWN_MS)
  }

  const fail = (error: unknown) => {
    const e = error instanceof MfaError ? error : null
    if (e?.blocking) return setBlocking(e.shortMessage)
    entry.failed(e?.shortMessage ?? MFA_TEXT.other)
  }
  const submit = (m: MfaMethod, code?: string) => {
    if (!pending) return
    entry.submitting()
    pending.submit({ method: m, code }).then(() => {
      entry.succeeded()
      leaveMfaScreen()
    }, fail)
  }
  const entry = useCodeEntry((code) => method && submit(method, code))

  useEffect(() => {
    // sms sends a code on choice; passkey starts at once; totp waits for entry (spec §4).
    if (method === 'sms') sendSms()
    if (method === 'passkey') submit('passkey')
  }, [method])

  const cancel = () => {
    pending?.cancel()
    if (flow === 'txn') closeModal()
    else leaveMfaScreen()
  }

  if (blocking || !pending) {
    return (
      <div className="body" part="body" data-screen="mfa-verify">
        <ScreenTitle>Verify your identity</ScreenTitle>
        <p className="error-message" part="error-message" role="alert">
          {blocking ?? MFA_TEXT.cancel}
        </p>
        <div className="actions">
          <PrimaryButton onClick={() => closeModal()}>Close</PrimaryButton>
        </div>
      </div>
    )
  }
  const another = methods.length > 1 ? <SecondaryButton onClick={() => setMethod(null)}>Choose another method</SecondaryButton> : null
  const preview = flow === 'txn' ? <PendingPreview /> : null

  if (!method) {
    return (
      <div className="body" part="body" data-screen="mfa-verify">
        <ScreenTitle>Verify your identity</ScreenTitle>
        <p className="detail">Choose a verification method</p>
        <div className="actions">
          {methods.map((m) => (
            <SecondaryButton key={m} onClick={() => setMethod(m)}>
              {MFA_METHOD_LABEL[m]}
            </SecondaryButton>
          ))}
        </div>
        {preview}
      </div>
    )
  }
  if (method === 'passkey') {
    const passkeys = ($session.get().user?.linkedAccounts ?? []).filter((a) => a.type === 'passkey' && a.enrolledInMfa)
    const added = passkeys.map((a) => a.firstVerifiedAt?.getTime() ?? 0).sort((a, b) => b - a)[0]
    return (
      <div className="body" part="body" data-screen="mfa-verify-passkey">
        <ScreenTitle>Verifying with passkey</ScreenTitle>
        <p className="detail">Approve with touch, face, PIN, or hardware key.</p>
        {added ? <p className="detail">Passkey last added {new Date(added).toLocaleDateString()}</p> : null}
        {entry.error}
        <div className="actions">
          <PrimaryButton disabled={entry.status === 'submitting'} onClick={() => submit('passkey')}>
            Try again
          </PrimaryButton>
          {another}
        </div>
        {preview}
      </div>
    )
  }
  return (
    <div className="body" part="body" data-screen="mfa-verify-code">
      <ScreenTitle>Enter verification code</ScreenTitle>
      <p className="detail">{MFA_CODE_TEXT[method]}</p>
      {entry.input}
      {entry.error}
      <div className="actions">
        {method === 'sms' ? (
          <SecondaryButton disabled={!resendReady} onClick={sendSms}>
            Resend code
          </SecondaryButton>
        ) : null}
        {another}
        <SecondaryButton onClick={cancel}>Cancel</SecondaryButton>
      </div>
      {preview}
    </div>
  )
}
