import { useStore } from '@nanostores/react'
import { $oauthStatus, providerLabel, startOAuth } from '../../oauth/flow.ts'
import { OAUTH_TEXT } from '../../oauth/texts.ts'
import { PrimaryButton } from '../../ui/Button.tsx'
import { ScreenTitle } from '../../ui/ScreenTitle.tsx'
import { Spinner } from '../../ui/Spinner.tsx'

export interface OAuthStatusScreenProps {
  provider: string
}

/**
 * OAuth status (spec §2): 'Verifying connection to {provider}', then 'Successfully connected
 * with {provider}' and "You're good to go!"; on failure 'Authentication failed' with a detail
 * line and Retry when retryable. Retry starts the provider again (a new popup from this click).
 */
export default function OAuthStatusScreen({ provider }: OAuthStatusScreenProps) {
  const status = useStore($oauthStatus)
  const label = providerLabel(provider)
  const state = status?.provider === provider ? status.state : 'verifying'
  if (state === 'success') {
    return (
      <div className="body" part="body" data-screen="oauth-status" data-state="success">
        <ScreenTitle>{OAUTH_TEXT.connected(label)}</ScreenTitle>
        <p className="detail" role="status">
          {OAUTH_TEXT.goodToGo}
        </p>
      </div>
    )
  }
  if (state === 'error') {
    return (
      <div className="body" part="body" data-screen="oauth-status" data-state="error">
        <ScreenTitle>{OAUTH_TEXT.failed}</ScreenTitle>
        <p className="detail" role="alert">
          {status?.detail ?? OAUTH_TEXT.unexpected}
        </p>
        {status?.retryable ? <PrimaryButton onClick={() => startOAuth(provider, status.kind)}>{OAUTH_TEXT.retry}</PrimaryButton> : null}
      </div>
    )
  }
  return (
    <div className="body" part="body" data-screen="oauth-status" data-state="verifying">
      <Spinner label={OAUTH_TEXT.verifying(label)} />
      <ScreenTitle>{OAUTH_TEXT.verifying(label)}</ScreenTitle>
    </div>
  )
}
