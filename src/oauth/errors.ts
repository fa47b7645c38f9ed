/** Spec §8 'OAuth and social': what the OAuth status screen shows for a failure. */
import { OAuthInvalidCodeError, OAuthNoFlowError, OAuthStateMismatchError, OAuthUserDeniedError } from '../errors/oauth.ts'
import { codeOf, mapOutcome, notAllowedScreen, providerRateLimited, type OutcomeTable } from '../flows/outcome.ts'
import type { ScreenEntry } from '../stores/modal.ts'
import { OAUTH_TEXT } from './texts.ts'

export type OAuthErrorOutcome = { kind: 'screen'; screen: ScreenEntry } | { kind: 'status'; detail: string; retryable: boolean }

const status = (detail: string, retryable: boolean): OAuthErrorOutcome => ({ kind: 'status', detail, retryable })

function oauthTable(providerLabel: string, method: string): OutcomeTable<OAuthErrorOutcome> {
  return {
    transfer: method,
    local: (error) => {
      if (error instanceof OAuthUserDeniedError) return status(OAUTH_TEXT.userDenied(providerLabel), true)
      if (error instanceof OAuthStateMismatchError) return status(OAUTH_TEXT.phishing, false)
      if (error instanceof OAuthInvalidCodeError) return status(OAUTH_TEXT.invalidCode, true)
      if (error instanceof OAuthNoFlowError) return status(OAUTH_TEXT.noFlow, true)
      // Only the server's answers and the captcha's failures have codes here: any other browser failure is simply unexpected.
      return codeOf(error) !== null ? null : status(OAUTH_TEXT.unexpected, true)
    },
    codes: {
      invalid_credentials: (error) =>
        error.shortMessage === OAUTH_TEXT.userDeniedError ? status(OAUTH_TEXT.userDenied(providerLabel), true) : status(OAUTH_TEXT.invalidCredentials, true),
      too_many_requests: (error) => status(providerRateLimited(error) ? OAUTH_TEXT.providerRateLimited(providerLabel) : OAUTH_TEXT.tooManyRequests, false),
      oauth_account_suspended: () => status(OAUTH_TEXT.suspended(providerLabel), false),
      cannot_link_more_of_type: () => status(OAUTH_TEXT.cannotLinkMore, false),
      linked_to_another_user: () => status(OAUTH_TEXT.linkedToAnotherUser, false),
      disallowed_login_method: notAllowedScreen,
    },
    otherwise: () => status(OAUTH_TEXT.unexpected, true),
  }
}

/** `providerLabel` is the provider's display name ('Google'). */
export function mapOAuthError(error: unknown, providerLabel: string, method = providerLabel.toLowerCase()): OAuthErrorOutcome {
  return mapOutcome(error, oauthTable(providerLabel, method))
}
