import { useStore } from '@nanostores/react'
import { linkWithPasskey } from '../../actions/linkWithPasskey.ts'
import { unenrollMfa } from '../../actions/unenrollMfa.ts'
import { unlinkPasskey } from '../../actions/unlinkPasskey.ts'
import { toBaseError } from '../../errors/toBaseError.ts'
import { MAX_PASSKEYS } from '../../mfa/texts.ts'
import { $passkeyManagement, type PasskeyManagementState } from '../../stores/passkeyManagement.ts'
import { passkeyUnlinkOnUnenroll } from '../../stores/config.ts'
import { $session } from '../../stores/session.ts'
import { PrimaryButton, SecondaryButton } from '../../ui/Button.tsx'
import { ScreenTitle } from '../../ui/ScreenTitle.tsx'
import { PasskeyList, userPasskeys } from './PasskeyList.tsx'
import { useVerifiedChange } from './useVerifiedChange.ts'

/** Spec part 2 §9: the management screen shows 2 passkeys until 'View all'. */
const SHOWN = 2

const $state = $passkeyManagement
const patch = (next: Partial<PasskeyManagementState>) => $state.set({ ...$state.get(), ...next })

/**
 * Passkey management (spec part 2 §2): 'Secure your account with a passkey', the list, adding (at
 * most 5) and removing; a passkey enrolled in MFA leaves MFA and login together, after a verification.
 */

export default function PasskeyManagementScreen() {
  const user = useStore($session).user
  const passkeys = userPasskeys(user?.linkedAccounts)
  const verified = useVerifiedChange()
  const { status, error, removing } = useStore($state)
  const setRemoving = (id: string | null) => patch({ removing: id })
  const run = (work: () => Promise<unknown>) => {
    patch({ status: 'busy', error: null })
    work().then(
      () => patch({ status: 'updated' }),
      (e) => patch({ status: 'idle', error: toBaseError(e).shortMessage }),
    )
  }
  if (removing) {
    const passkey = passkeys.find((a) => a.credentialId === removing)
    return (
      <div className="body" part="body" data-screen="passkey-management-remove">
        <ScreenTitle>Are you sure you want to remove this passkey?</ScreenTitle>
        <div className="actions">
          <PrimaryButton
            onClick={() => {
              setRemoving(null)
              run(() =>
                passkey?.enrolledInMfa
                  ? verified(() => unenrollMfa({ method: 'passkey', credentialId: removing, removeForLogin: passkeyUnlinkOnUnenroll() }))
                  : unlinkPasskey({ credentialId: removing }),
              )
            }}
          >
            Remove
          </PrimaryButton>
          <SecondaryButton onClick={() => setRemoving(null)}>Cancel</SecondaryButton>
        </div>
      </div>
    )
  }
  return (
    <div className="body" part="body" data-screen="passkey-management">
      <ScreenTitle>Secure your account with a passkey</ScreenTitle>
      {passkeys.length ? (
        <PasskeyList passkeys={passkeys} shown={SHOWN} onRemove={setRemoving} />
      ) : (
        <p className="detail">Passkeys let you log in and approve actions with your fingerprint, face or a security key.</p>
      )}
      {status === 'updated' ? (
        <p className="success-message" part="success-message" role="status">
          Passkeys updated
        </p>
      ) : null}
      {error ? (
        <p className="error-message" part="error-message" role="alert">
          {error}
        </p>
      ) : null}
      <div className="actions">
        {passkeys.length < MAX_PASSKEYS ? (
          <PrimaryButton disabled={status === 'busy'} onClick={() => run(() => linkWithPasskey())}>
            Add new passkey
          </PrimaryButton>
        ) : null}
      </div>
    </div>
  )
}
