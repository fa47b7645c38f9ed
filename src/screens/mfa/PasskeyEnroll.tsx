import { useStore } from '@nanostores/react'
import { useState } from 'react'
import { linkWithPasskey } from '../../actions/linkWithPasskey.ts'
import { submitEnrollMfa } from '../../actions/submitEnrollMfa.ts'
import { unenrollMfa } from '../../actions/unenrollMfa.ts'
import { unlinkPasskey } from '../../actions/unlinkPasskey.ts'
import { toBaseError } from '../../errors/toBaseError.ts'
import { needsLoginAgain } from '../../mfa/enrollment.ts'
import { MAX_PASSKEYS } from '../../mfa/texts.ts'
import { $config, passkeyUnlinkOnUnenroll } from '../../stores/config.ts'
import { $mfaEnroll } from '../../stores/mfa.ts'
import { $session } from '../../stores/session.ts'
import { PrimaryButton, SecondaryButton } from '../../ui/Button.tsx'
import { ScreenTitle } from '../../ui/ScreenTitle.tsx'
import { PasskeyList, userPasskeys } from './PasskeyList.tsx'

type Verified = <T>(change: () => Promise<T>) => Promise<T>
const failed = (error: unknown) =>
  $mfaEnroll.set(needsLoginAgain(error) ? { step: 'login-again' } : { step: 'passkeys', error: toBaseError(error).shortMessage })

/** Passkey enrollment (spec part 2 §2): 'Set up passkey verification'; a list of 3 (2 when more than 3) with View All. */
export function PasskeyEnroll({ error, verified }: { all?: boolean; error?: string; verified: Verified }) {
  const user = useStore($session).user
  const passkeys = userPasskeys(user?.linkedAccounts)
  const [busy, setBusy] = useState(false)
  const enrollAll = (ids: string[]) => verified(() => submitEnrollMfa({ method: 'passkey', credentialIds: ids }))
  const run = (work: () => Promise<unknown>) => {
    setBusy(true)
    work().then(
      () => $mfaEnroll.set({ step: 'chooser', notice: 'Passkey verification added.' }),
      (e) => {
        setBusy(false)
        failed(e)
      },
    )
  }
  const add = () =>
    run(async () => {
      const { user: next } = await linkWithPasskey()
      await enrollAll(userPasskeys(next.linkedAccounts).map((a) => String(a.credentialId)))
    })
  const allEnrolled = passkeys.length > 0 && passkeys.every((a) => a.enrolledInMfa)
  return (
    <div className="body" part="body" data-screen="mfa-enroll-passkey">
      <ScreenTitle>Set up passkey verification</ScreenTitle>
      {passkeys.length ? (
        <PasskeyList
          passkeys={passkeys}
          shown={passkeys.length > 3 ? 2 : 3}
          viewAllLabel="View All"
          onRemove={(credentialId) => $mfaEnroll.set({ step: 'remove-passkey', credentialId })}
        />
      ) : (
        <p className="detail">Use your fingerprint, face or a security key to approve wallet actions.</p>
      )}
      {error ? (
        <p className="error-message" part="error-message" role="alert">
          {error}
        </p>
      ) : null}
      <div className="actions">
        {passkeys.length && !allEnrolled ? (
          <PrimaryButton disabled={busy} onClick={() => run(() => enrollAll(passkeys.map((a) => String(a.credentialId))))}>
            Enable passkeys
          </PrimaryButton>
        ) : null}
        {passkeys.length === 0 ? (
          <PrimaryButton disabled={busy} onClick={add}>
            Add a new passkey
          </PrimaryButton>
        ) : passkeys.length < MAX_PASSKEYS ? (
          <SecondaryButton disabled={busy} onClick={add}>
            Add new passkey
          </SecondaryButton>
        ) : null}
      </div>
    </div>
  )
}

/** 'Are you sure you want to remove this passkey?': out of MFA (and, for one not in MFA, unlinked). */
export function RemovePasskey({ credentialId, verified }: { credentialId: string; verified: Verified }) {
  const user = useStore($session).user
  // Spec part 2 §2: the host's setting (unlinking on unenroll) decides whether it also leaves login.
  const removeForLogin = passkeyUnlinkOnUnenroll(useStore($config))
  const passkey = userPasskeys(user?.linkedAccounts).find((a) => a.credentialId === credentialId)
  const remove = () => {
    const work = passkey?.enrolledInMfa ? verified(() => unenrollMfa({ method: 'passkey', credentialId, removeForLogin })) : unlinkPasskey({ credentialId })
    work.then(() => $mfaEnroll.set({ step: 'passkeys' }), failed)
  }
  return (
    <div className="body" part="body" data-screen="mfa-enroll-remove-passkey">
      <ScreenTitle>Are you sure you want to remove this passkey?</ScreenTitle>
      <p className="detail">
        {removeForLogin ? 'It will also be removed as a way to log in.' : 'It will be removed as a verification method; you can still log in with it.'}
      </p>
      <div className="actions">
        <PrimaryButton onClick={remove}>Remove</PrimaryButton>
        <SecondaryButton onClick={() => $mfaEnroll.set({ step: 'passkeys' })}>Cancel</SecondaryButton>
      </div>
    </div>
  )
}
