import { getApiClient } from '../api/instance.ts'
import type { User } from '../api/user.ts'
import type { ApiError, NetworkError, TimeoutError } from '../errors/api.ts'
import type { PasskeyRejectedError, PasskeyUnknownError, WebAuthnNotSupportedError } from '../errors/passkey.ts'
import { publish } from '../events/bus.ts'
import { $passkeyFlow } from '../stores/passkeyFlow.ts'
import { accountCall, applyUser, requireLinkableUser } from './internal/accountChange.ts'

export type LinkWithPasskeyReturnType = { user: User }
export type LinkWithPasskeyErrorType = WebAuthnNotSupportedError | PasskeyRejectedError | PasskeyUnknownError | ApiError | TimeoutError | NetworkError

/**
 * Creates a passkey on this device and links it to the signed-in user (`POST /passkeys/link/init`,
 * the browser prompt, `POST /passkeys/link`), without UI. At most 5 passkeys per user
 * (`cannot_link_more_of_type`). Publishes `link-success`.
 *
 * @example
 * const { user } = await linkWithPasskey()
 */
export async function linkWithPasskey(): Promise<LinkWithPasskeyReturnType> {
  requireLinkableUser()
  $passkeyFlow.set('generating-challenge')
  // The init, the prompt and the link call; any failure ends the passkey flow in 'error'.
  const linked = await (async () => {
    const { createCredential } = await import('../passkeys/webauthn.ts')
    const api = getApiClient()
    const options = await api.post('/passkeys/link/init', {})
    $passkeyFlow.set('awaiting-passkey')
    const credential = await createCredential(options)
    return { credential, user: await accountCall(() => api.post('/passkeys/link', { relying_party: location.origin, authenticator_response: credential })) }
  })().catch((error: unknown) => {
    $passkeyFlow.set('error')
    throw error
  })
  $passkeyFlow.set('done')
  const { credential } = linked
  const user = applyUser(linked.user)
  const linkedAccount = user.linkedAccounts.find((a) => a.type === 'passkey' && a.credentialId === credential.id) ?? null
  publish('link-success', { user, linkMethod: 'passkey', linkedAccount })
  return { user }
}
