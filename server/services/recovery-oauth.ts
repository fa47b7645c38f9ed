/**
 * Recovery OAuth (spec part 2 §4, §7): a signed-in user grants the wallet frame access to their own
 * cloud storage, where the frame keeps the (encrypted) recovery share of a cloud-backed wallet.
 *
 * - Google Drive: an OAuth 2.0 authorization-code flow with PKCE for the Drive app-data scope
 *   only. It is the login OAuth's machinery (services/oauth.ts: the same state table, fixed
 *   callback, PKCE check and code redemption) with the app's recovery client instead of a login
 *   provider's; nothing about the Google account becomes a login method.
 * - iCloud: CloudKit Web Services' web sign-in. init asks CloudKit for the current user with the
 *   container's API token; CloudKit answers 421 AUTHENTICATION_REQUIRED with Apple's sign-in page
 *   (`redirectURL`), whose callback (the API token's 'Sign in Callback' URL) brings `ckWebAuthToken`
 *   back to the page. authenticate spends the flow the same way and hands the token back.
 *
 * Every flow belongs to the user who started it (`oauth_states.user_id`). authenticate is a call of
 * the wallet frame only (its origin, and FRAME_ONLY_PATH for the device proof): the cloud token it
 * answers never reaches the host page's scripts.
 */
import { GOOGLE_DRIVE_APPDATA_SCOPE, type CloudRecoveryProvider } from '@gatehouse/contract/routes'
import { ApiError } from '../errors.js'
import type { App } from './app-config.js'
import type { OAuthService } from './oauth.js'
import type { ProviderPreset } from './oauth-providers.js'
import { oidcProfile } from './oauth-providers.js'

export const RECOVERY_LABELS: Record<CloudRecoveryProvider, string> = { 'google-drive': 'Google Drive', icloud: 'Apple iCloud' }

/** Google's OAuth 2.0 endpoints, asking for the app-data folder only (Google's "Using OAuth 2.0 for Web Server Applications"). */
const GOOGLE_DRIVE_PRESET: ProviderPreset = {
  authorizationEndpoint: 'https://accounts.google.com/o/oauth2/v2/auth',
  tokenEndpoint: 'https://oauth2.googleapis.com/token',
  scopes: [GOOGLE_DRIVE_APPDATA_SCOPE],
  clientAuth: 'client_secret_post',
  // The spec's failure hint asks the user to pick the right account: Google shows the chooser every time.
  extraParams: { prompt: 'select_account', include_granted_scopes: 'true' },
  profile: oidcProfile,
}

interface Flow {
  redirect_to: string
  code_challenge: string
  state_code: string
}

export interface RecoveryOAuthDeps {
  oauth: OAuthService
  /** CloudKit Web Services' origin (https://api.apple-cloudkit.com, a stand-in in tests). */
  cloudKitUrl: string
  frameOrigin: string
  fetch?: typeof fetch
}

const notConfigured = (provider: CloudRecoveryProvider) =>
  new ApiError('not_supported', `Back up with ${RECOVERY_LABELS[provider]} is not set up for this app.`)

export class RecoveryOAuthService {
  constructor(private readonly deps: RecoveryOAuthDeps) {}

  private driveSettings(app: App) {
    const settings = app.settings.recoveryOAuth?.['google-drive']
    if (!settings?.clientId || !app.config.embeddedWallets.userOwnedRecoveryOptions.includes('google-drive')) throw notConfigured('google-drive')
    return settings
  }

  private icloudSettings(app: App) {
    const settings = app.settings.recoveryOAuth?.icloud
    if (!settings?.apiToken || !app.config.embeddedWallets.userOwnedRecoveryOptions.includes('icloud')) throw notConfigured('icloud')
    return settings
  }

  private async driveClient(app: App) {
    const settings = this.driveSettings(app)
    // An issuer (tests, the development IdP) speaks OpenID Connect: 'openid' lets its userinfo name the user to Drive's stand-in.
    const r = await this.deps.oauth.client(RECOVERY_LABELS['google-drive'], { ...settings, clientSecret: settings.clientSecret ?? null }, GOOGLE_DRIVE_PRESET, [
      'openid',
      GOOGLE_DRIVE_APPDATA_SCOPE,
    ])
    // The user picks the account every time (a wrong one is the usual failure): OpenID Connect's
    // standard prompt where Google's account chooser is not there.
    if (settings.issuer) r.preset = { ...r.preset, extraParams: { prompt: 'login' } }
    return r
  }

  /** Google Drive: remembers the flow for `userId` and answers Google's consent page. */
  async init(app: App, userId: string, body: Flow & { provider?: 'google-drive' }): Promise<{ url: string }> {
    const r = await this.driveClient(app)
    return this.deps.oauth.beginFlow(app, r, 'google-drive', body, userId)
  }

  /** The container's CloudKit Web Services path (`/database/1/{container}/{environment}`). */
  private cloudKitBase(settings: NonNullable<App['settings']['recoveryOAuth']['icloud']>): string {
    return `${this.deps.cloudKitUrl}/database/1/${encodeURIComponent(settings.containerId)}/${settings.environment ?? 'production'}`
  }

  /** iCloud: remembers the flow for `userId` and answers Apple's sign-in page (CloudKit's `redirectURL`). */
  async initIcloud(app: App, userId: string, body: Flow & { client_type: 'web' }): Promise<{ url: string }> {
    const settings = this.icloudSettings(app)
    await this.deps.oauth.rememberFlow(app, 'icloud', body, userId)
    const url = `${this.cloudKitBase(settings)}/public/users/current?ckAPIToken=${encodeURIComponent(settings.apiToken)}`
    let answer: { redirectURL?: unknown; serverErrorCode?: unknown }
    try {
      const response = await (this.deps.fetch ?? fetch)(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(10_000) })
      answer = (await response.json()) as typeof answer
    } catch {
      throw new ApiError('invalid_credentials', 'Could not reach Apple iCloud. Please try again.')
    }
    // Without a web auth token CloudKit answers 421 AUTHENTICATION_REQUIRED with the sign-in page.
    if (typeof answer.redirectURL !== 'string' || !/^https?:\/\//.test(answer.redirectURL)) {
      throw new ApiError('invalid_credentials', `Apple iCloud did not offer a sign-in (${String(answer.serverErrorCode ?? 'no redirectURL')}).`)
    }
    return { url: answer.redirectURL }
  }

  /** Spends the user's flow and answers the cloud token: Google's access token, or iCloud's web auth token. */
  async authenticate(
    app: App,
    caller: { userId: string; origin: string | undefined },
    body: { authorization_code: string; state_code: string; code_verifier: string; provider: CloudRecoveryProvider },
  ): Promise<{ access_token: string }> {
    if (caller.origin !== this.deps.frameOrigin) throw new ApiError('forbidden_origin', 'Only the wallet frame may call this')
    const provider = body.provider
    if (provider === 'icloud') this.icloudSettings(app)
    else this.driveSettings(app)
    if (body.authorization_code === 'undefined') throw new ApiError('invalid_credentials', 'User denied confirmation during OAuth flow')
    // Checked before the provider is contacted: a made-up state costs no outbound call.
    await this.deps.oauth.takeFlow(app, provider, body, caller.userId)
    if (provider === 'icloud') return { access_token: body.authorization_code }
    const r = await this.driveClient(app)
    const result = await this.deps.oauth.redeem(r, RECOVERY_LABELS[provider], body)
    // Google's consent lets the user untick a scope: without the app-data folder there is nothing to back up to.
    const granted = typeof result.scope === 'string' ? result.scope.split(/[\s,]+/) : null
    if (!r.settings.issuer && granted && !granted.includes(GOOGLE_DRIVE_APPDATA_SCOPE)) {
      throw new ApiError('invalid_credentials', 'Google Drive access was not granted. Please allow access to the app data folder.')
    }
    return { access_token: result.access_token }
  }
}
