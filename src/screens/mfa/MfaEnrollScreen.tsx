import { useStore } from '@nanostores/react'
import { useEffect } from 'react'
import { closeModal } from '../../actions/closeModal.ts'
import { initEnrollMfa } from '../../actions/initEnrollMfa.ts'
import { logout } from '../../actions/logout.ts'
import { submitEnrollMfa } from '../../actions/submitEnrollMfa.ts'
import { unenrollMfa } from '../../actions/unenrollMfa.ts'
import { MfaError } from '../../errors/mfa.ts'
import { needsLoginAgain } from '../../mfa/enrollment.ts'
import { MFA_METHOD_LABEL, MFA_TEXT, type MfaMethod } from '../../mfa/texts.ts'
import { $mfaEnroll, type MfaEnrollStep } from '../../stores/mfa.ts'
import { $config } from '../../stores/config.ts'
import { resetScreens } from '../../stores/modal.ts'
import { $session } from '../../stores/session.ts'
import { PrimaryButton, SecondaryButton } from '../../ui/Button.tsx'
import { ScreenTitle } from '../../ui/ScreenTitle.tsx'
import { EnrollCode } from './EnrollCode.tsx'
import { PasskeyEnroll, RemovePasskey } from './PasskeyEnroll.tsx'
import { SmsPhone } from './SmsPhone.tsx'
import { TotpScan } from './TotpScan.tsx'
import { MfaStyles } from './MfaStyles.tsx'
import { useVerifiedChange } from './useVerifiedChange.ts'

const go = (step: MfaEnrollStep) => $mfaEnroll.set(step)
/** The chooser's confirmation after a method is added (SMS says it first on its spec screen, 'SMS verification added'). */
const MFA_ADDED = { totp: 'Authenticator app added.', sms: 'SMS verification added.', passkey: 'Passkey verification added.' } as const
const message = (error: unknown) => (error instanceof MfaError && error.code !== 'error' ? error.shortMessage : MFA_TEXT.enrollmentUnknown)
/** A failed step shows its error, unless only a fresh login cures it. */
const failed = (error: unknown, step: 'totp-scan' | 'sms-phone' | 'chooser') =>
  go(needsLoginAgain(error) ? { step: 'login-again' } : { step, error: message(error) })
/** A code step's failure: the code boxes show it, unless only a fresh login cures it. */
const orLoginAgain = (error: unknown) => {
  if (!needsLoginAgain(error)) throw error
  go({ step: 'login-again' })
}

/** MFA enrollment (spec part 2 §2, §4): intro, chooser, per-method flow, removal confirmations. */
export default function MfaEnrollScreen() {
  const state = useStore($mfaEnroll)
  const user = useStore($session).user
  const methods = user?.mfaMethods ?? []
  const verified = useVerifiedChange()
  const offered = useStore($config).app?.mfa?.methods ?? ['sms', 'totp', 'passkey']
  useEffect(() => {
    if (!$mfaEnroll.get()) go(methods.length ? { step: 'chooser' } : { step: 'intro' })
  }, [])
  if (!state) return null
  if (!offered.length && !methods.length) {
    return (
      <div className="body" part="body" data-screen="mfa-enroll-none">
        <ScreenTitle>Add more security</ScreenTitle>
        <p className="detail">This app does not offer verification methods yet.</p>
        <div className="actions">
          <PrimaryButton onClick={() => closeModal()}>Close</PrimaryButton>
        </div>
      </div>
    )
  }

  if (state.step === 'intro') {
    return (
      <div className="body" part="body" data-screen="mfa-enroll-intro">
        <ScreenTitle>Transaction Protection</ScreenTitle>
        <p className="detail">Add a second step before your wallet signs or sends anything: only you can approve it.</p>
        <div className="actions">
          <PrimaryButton onClick={() => go({ step: 'chooser' })}>Continue</PrimaryButton>
          <SecondaryButton onClick={() => closeModal()}>Not now</SecondaryButton>
        </div>
      </div>
    )
  }
  if (state.step === 'totp-scan') {
    if (!state.secret || !state.authUrl) {
      return state.error ? <Failed text={state.error} /> : <Loading />
    }
    return <TotpScan secret={state.secret} authUrl={state.authUrl} onContinue={() => go({ step: 'totp-code', secret: state.secret! })} />
  }
  if (state.step === 'login-again') return <LoginAgain />
  if (state.step === 'totp-code') {
    return (
      <EnrollCode
        detail="Enter the 6-digit code from your authenticator app."
        onCode={async (code) => {
          await submitEnrollMfa({ method: 'totp', code }).then(() => go({ step: 'chooser', notice: MFA_ADDED.totp }), orLoginAgain)
        }}
      />
    )
  }
  if (state.step === 'sms-phone') {
    return (
      <SmsPhone
        key={state.error ?? ''}
        initial={user?.phone?.number}
        error={state.error}
        onSubmit={(phoneNumber) =>
          verified(() => initEnrollMfa({ method: 'sms', phoneNumber })).then(
            () => go({ step: 'sms-code', phoneNumber }),
            (error) => failed(error, 'sms-phone'),
          )
        }
      />
    )
  }
  if (state.step === 'sms-code') {
    return (
      <EnrollCode
        detail={`Enter the 6-digit code sent to the number ending in ${state.phoneNumber.replace(/\D/g, '').slice(-4)}.`}
        onCode={async (code) => {
          await submitEnrollMfa({ method: 'sms', phoneNumber: state.phoneNumber, code }).then(() => go({ step: 'sms-done' }), orLoginAgain)
        }}
      />
    )
  }
  if (state.step === 'sms-done') {
    return (
      <div className="body" part="body" data-screen="mfa-enroll-sms-done">
        <ScreenTitle>SMS verification added</ScreenTitle>
        <div className="actions">
          <PrimaryButton onClick={() => go({ step: 'chooser', notice: MFA_ADDED.sms })}>Done</PrimaryButton>
        </div>
      </div>
    )
  }
  if (state.step === 'remove') {
    return (
      <div className="body" part="body" data-screen="mfa-enroll-remove">
        <ScreenTitle>{state.method === 'sms' ? 'Remove SMS verification?' : 'Remove authenticator app verification?'}</ScreenTitle>
        <div className="actions">
          <PrimaryButton
            onClick={() =>
              verified(() => unenrollMfa({ method: state.method })).then(
                () => go({ step: 'chooser' }),
                (error) => go({ step: 'chooser', error: message(error) }),
              )
            }
          >
            Remove
          </PrimaryButton>
          <SecondaryButton onClick={() => go({ step: 'chooser' })}>Cancel</SecondaryButton>
        </div>
      </div>
    )
  }
  if (state.step === 'passkeys') return <PasskeyEnroll all={state.all} error={state.error} verified={verified} />
  if (state.step === 'remove-passkey') return <RemovePasskey credentialId={state.credentialId} verified={verified} />

  const startTotp = () => {
    go({ step: 'totp-scan' })
    verified(() => initEnrollMfa({ method: 'totp' })).then(
      ({ secret, authUrl }) => go({ step: 'totp-scan', secret, authUrl }),
      (error) => failed(error, 'totp-scan'),
    )
  }
  const start: Record<MfaMethod, () => void> = {
    passkey: () => go({ step: 'passkeys' }),
    totp: startTotp,
    sms: () => go({ step: 'sms-phone' }),
  }
  const unavailable = (m: MfaMethod) => m === 'sms' && !methods.includes('sms') && !user?.phone
  const remove: Record<MfaMethod, () => void> = {
    passkey: () => go({ step: 'passkeys' }),
    totp: () => go({ step: 'remove', method: 'totp' }),
    sms: () => go({ step: 'remove', method: 'sms' }),
  }
  return (
    <div className="body" part="body" data-screen="mfa-enroll-chooser">
      <ScreenTitle>Choose a verification method</ScreenTitle>
      <p className="detail">
        {methods.length ? 'To add or delete verification methods, verification is required.' : 'How would you like to verify your identity?'}
      </p>
      {state.notice ? (
        <p className="success-message mfa-notice" part="success-message" role="status">
          {state.notice}
        </p>
      ) : null}
      <MfaStyles />
      <ul className="mfa-methods" part="mfa-methods">
        {(['passkey', 'totp', 'sms'] as const)
          .filter((m) => offered.includes(m) || methods.includes(m))
          .map((m) => (
            <li key={m} className="mfa-method" data-method={m} data-enabled={methods.includes(m) ? '' : undefined}>
              {unavailable(m) ? (
                // SMS needs a phone on the account (spec §2 'SMS shows Disabled when the user has no phone').
                <button type="button" className="mfa-method-button" part="method-button" aria-disabled="true" aria-describedby="gh-mfa-sms-disabled">
                  {MFA_METHOD_LABEL[m]}
                </button>
              ) : (
                <button type="button" className="mfa-method-button" part="method-button" disabled={methods.includes(m) && m !== 'passkey'} onClick={start[m]}>
                  {MFA_METHOD_LABEL[m]}
                </button>
              )}
              {unavailable(m) ? (
                <span className="mfa-chip" part="badge" id="gh-mfa-sms-disabled" data-disabled="">
                  Disabled
                </span>
              ) : null}
              {methods.includes(m) ? (
                <>
                  <span className="mfa-chip" part="badge" data-enabled="">
                    Enabled
                  </span>
                  <button type="button" className="link-button mfa-remove" aria-label={`Remove ${MFA_METHOD_LABEL[m]}`} onClick={remove[m]}>
                    Remove
                  </button>
                </>
              ) : null}
            </li>
          ))}
      </ul>
      {state.error ? (
        <p className="error-message" part="error-message" role="alert">
          {state.error}
        </p>
      ) : null}
      <p className="detail">You can always change your selection later</p>
    </div>
  )
}

function Loading() {
  return (
    <div className="body" part="body" data-screen="mfa-enroll-loading">
      <h2 id="gh-screen-title" className="visually-hidden">
        Loading
      </h2>
    </div>
  )
}

/** Like export's: a fresh login ceremony on this device, on the landing screen of the same modal. */
function LoginAgain() {
  return (
    <div className="body" part="body" data-screen="mfa-enroll-login-again">
      <ScreenTitle>Log in again</ScreenTitle>
      <p className="error-message" part="error-message" role="alert">
        {MFA_TEXT.loginAgain}
      </p>
      <div className="actions">
        <PrimaryButton
          onClick={() => {
            $mfaEnroll.set(null)
            void logout().then(() => resetScreens())
          }}
        >
          Log in again
        </PrimaryButton>
      </div>
    </div>
  )
}

function Failed({ text }: { text: string }) {
  return (
    <div className="body" part="body" data-screen="mfa-enroll-error">
      <ScreenTitle>Something went wrong</ScreenTitle>
      <p className="error-message" part="error-message" role="alert">
        {text}
      </p>
      <div className="actions">
        <PrimaryButton onClick={() => go({ step: 'chooser' })}>Back</PrimaryButton>
      </div>
    </div>
  )
}
