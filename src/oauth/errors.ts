/** Spec §8 'OAuth and social': what the OAuth status screen shows for a failure. */
import { asTransferRequired } from '../actions/internal/accountChange.ts'
import { ApiError } from '../errors/api.ts'
import { OAuthInvalidCodeError, OAuthNoFlowError, OAuthStateMismatchError, OAuthUserDeniedError } from '../errors/oauth.ts'
import type { ScreenEntry } from '../stores/modal.ts'
import { OAUTH_TEXT } from './texts.ts'

export type OAuthErrorOutcome = { kind: 'screen'; screen: ScreenEntry } | { kind: 'status'; detail: string; retryable: boolean }

/** `providerLabel` is the provider's display name ('Google'). */
export function mapOAuthError(error: unknown, providerLabel: string, method = providerLabel.toLowerCase()): OAuthErrorOutcome {
  const status = (detail: string, retryable: boolean): OAuthErrorOutcome => ({ kind: 'status', detail, retryable })
  if (error instanceof OAuthUserDeniedError) return status(OAUTH_TEXT.userDenied(providerLabel), true)
  if (error instanceof OAuthStateMismatchError) return status(OAUTH_TEXT.phishing, false)
  if (error instanceof OAuthInvalidCodeError) return status(OAUTH_TEXT.invalidCode, true)
  if (error instanceof OAuthNoFlowError) return status(OAUTH_TEXT.noFlow, true)
  const transfer = asTransferRequired(error)
  if (transfer) return { kind: 'screen', screen: { name: 'account-transfer', method, nonce: transfer.nonce, displayName: transfer.displayName } }
  if (!(error instanceof ApiError)) return status(OAUTH_TEXT.unexpected, true)
  switch (error.code) {
    case 'allowlist_rejected':
      return { kind: 'screen', screen: { name: 'allowlist-rejected' } }
    case 'max_accounts_reached':
      return { kind: 'screen', screen: { name: 'user-limit' } }
    case 'user_does_not_exist':
      return { kind: 'screen', screen: { name: 'account-not-found' } }
    case 'invalid_credentials':
      return error.shortMessage === OAUTH_TEXT.userDeniedError ? status(OAUTH_TEXT.userDenied(providerLabel), true) : status(OAUTH_TEXT.invalidCredentials, true)
    case 'too_many_requests':
      return status(error.data?.provider_rate_limited ? OAUTH_TEXT.providerRateLimited(providerLabel) : OAUTH_TEXT.tooManyRequests, false)
    case 'oauth_account_suspended':
      return status(OAUTH_TEXT.suspended(providerLabel), false)
    case 'cannot_link_more_of_type':
      return status(OAUTH_TEXT.cannotLinkMore, false)
    case 'linked_to_another_user':
      return status(OAUTH_TEXT.linkedToAnotherUser, false)
    case 'disallowed_login_method':
      return { kind: 'screen', screen: { name: 'error', title: 'Not allowed', detail: error.shortMessage, cta: 'Try another method' } }
    default:
      return status(OAUTH_TEXT.unexpected, true)
  }
}
