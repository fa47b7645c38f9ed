import { getApiClient } from '../api/instance.ts'
import type { User } from '../api/user.ts'
import type { ApiError, NetworkError, TimeoutError } from '../errors/api.ts'
import { BaseError } from '../errors/base.ts'
import type { MustBeAuthenticatedError } from '../errors/auth.ts'
import { publish } from '../events/bus.ts'
import type { OAuthProvider } from '@gatehouse/contract/routes/app-config'
import { applyUser, requireLinkableUser } from './internal/accountChange.ts'

/** The API group of each transferable method (`/api/v1/{group}/transfer`). */
export const TRANSFER_GROUPS: Record<string, 'passwordless' | 'passwordless_sms' | 'farcaster' | 'telegram' | 'siwe' | 'siws' | 'oauth'> = {
  email: 'passwordless',
  sms: 'passwordless_sms',
  farcaster: 'farcaster',
  telegram: 'telegram',
  siwe: 'siwe',
  siws: 'siws',
  wallet: 'siwe',
  google: 'oauth',
  twitter: 'oauth',
  discord: 'oauth',
  github: 'oauth',
  spotify: 'oauth',
  instagram: 'oauth',
  tiktok: 'oauth',
  line: 'oauth',
  linkedin: 'oauth',
  apple: 'oauth',
}

export interface TransferAccountParameters {
  /** The link method that hit the account: 'email', 'sms', 'google', … */
  method: string
  /** The nonce of the `account_transfer_required` answer. */
  nonce: string
  /** Extra fields some methods send along (e.g. `{ email }`, `{ provider }`). */
  fields?: Record<string, unknown>
}
export interface TransferAccountReturnType {
  user: User
}
export type TransferAccountErrorType = MustBeAuthenticatedError | BaseError | ApiError | TimeoutError | NetworkError

/**
 * Moves an account that is linked to another user onto the signed-in user; the other user is
 * deleted (spec part 1 §1). Publishes `link-success`.
 *
 * @example
 * try { await linkWithEmailCode({ code }) } catch (e) {
 *   if (e.code === 'account_transfer_required') await transferAccount({ method: 'email', nonce: e.data.nonce })
 * }
 */
export async function transferAccount({ method, nonce, fields = {} }: TransferAccountParameters): Promise<TransferAccountReturnType> {
  requireLinkableUser()
  const group = TRANSFER_GROUPS[method]
  if (!group) throw new BaseError(`Accounts of method ${method} cannot be transferred.`, { code: 'invalid_data' })
  // OAuth transfers name their provider (the account type is `{provider}_oauth`).
  const api = getApiClient()
  const wire =
    group === 'oauth'
      ? await api.post('/oauth/transfer', { provider: method as OAuthProvider, ...fields, nonce })
      : await api.post(`/${group}/transfer`, { ...fields, nonce })
  const user = applyUser(wire)
  publish('link-success', { user, linkMethod: method, linkedAccount: null })
  return { user }
}
