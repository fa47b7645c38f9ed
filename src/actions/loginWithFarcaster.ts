import { getApiClient } from '../api/instance.ts'
import type { User } from '../api/user.ts'
import type { ApiError, NetworkError, TimeoutError } from '../errors/api.ts'
import type { AlreadyLoggedInError } from '../errors/link.ts'
import { BaseError } from '../errors/base.ts'
import { errorDetail } from '../errors/toBaseError.ts'
import { FARCASTER_HEADLESS_POLLING, lastHeadlessChannel, pollFarcasterStatus, type FarcasterTimeoutError } from '../farcaster/channel.ts'
import { publish } from '../events/bus.ts'
import { assertCanLogIn } from '../flows/loginGuard.ts'
import { $config } from '../stores/config.ts'
import { accountCall, applyUser, requireLinkableUser } from './internal/accountChange.ts'
import { completeLogin, type CompletedLogin } from './internal/completeLogin.ts'

export interface FarcasterPollingOptions {
  /** Milliseconds between status reads; default 150. */
  intervalMs?: number
  /** Status reads before giving up with 'The request timed out. Try again.'; default 270. */
  attempts?: number
}

export interface LoginWithFarcasterParameters {
  /** The relay channel opened by `farcaster/init`; default the one `initLoginWithFarcaster()` opened last. */
  channelToken?: string
  /**
   * The SIWF message, signature and fid the user's Farcaster client put on the channel. Without
   * them the channel is polled first (headless), with `pollingOptions`.
   */
  message?: string
  signature?: string
  fid?: number
  /** Headless polling; default spec §9's earlier default: every 150 ms, 270 attempts (the modal polls every 2 s for 120 s). */
  pollingOptions?: FarcasterPollingOptions
  /** Link to the signed-in user instead of logging in. */
  link?: boolean
}
export type LoginWithFarcasterReturnType = CompletedLogin | { user: User }
export type LoginWithFarcasterErrorType = AlreadyLoggedInError | FarcasterTimeoutError | ApiError | TimeoutError | NetworkError

/**
 * Hands a completed channel's signed message to `POST /farcaster/authenticate` (or `/farcaster/link`),
 * where the server checks it against the custody address of the fid. Publishes `auth-success` /
 * `link-success` (or `auth-error`). The Farcaster screen calls it once its poll completes. A
 * login is refused while a non-guest user is logged in (spec §5).
 *
 * Headless (no `message`): polls the channel until the user's Farcaster client completed it, every
 * `pollingOptions.intervalMs` (150) for at most `pollingOptions.attempts` (270) reads, then logs in.
 *
 * @example
 * await initLoginWithFarcaster() // show its connectUri as a QR code
 * const { user } = await loginWithFarcaster()
 */
export async function loginWithFarcaster(parameters: LoginWithFarcasterParameters = {}): Promise<LoginWithFarcasterReturnType> {
  const { link } = parameters
  const { channelToken, message, signature, fid } = await signedChannel(parameters)
  const body = { channel_token: channelToken, message, signature, fid }
  const api = getApiClient()
  if (link) {
    requireLinkableUser()
    const user = applyUser(await accountCall(() => api.post('/farcaster/link', body)))
    publish('link-success', { user, linkMethod: 'farcaster', linkedAccount: user.linkedAccounts.find((a) => a.type === 'farcaster') ?? null })
    return { user }
  }
  assertCanLogIn()
  try {
    const mode = $config.get().app?.disableSignup ? 'no-signup' : 'login-or-sign-up'
    return completeLogin(await api.post('/farcaster/authenticate', { ...body, mode }), 'farcaster')
  } catch (error) {
    publish('auth-error', errorDetail(error))
    throw error
  }
}

/** The channel's signed message: given, or polled for (headless) with the host's polling options. */
async function signedChannel({
  channelToken = lastHeadlessChannel() ?? undefined,
  message,
  signature,
  fid,
  link,
  pollingOptions = {},
}: LoginWithFarcasterParameters) {
  if (!channelToken) throw new FarcasterChannelMissingError()
  if (message && signature && fid) return { channelToken, message, signature, fid }
  if (!link) assertCanLogIn()
  try {
    const { intervalMs = FARCASTER_HEADLESS_POLLING.intervalMs, attempts = FARCASTER_HEADLESS_POLLING.attempts } = pollingOptions
    const status = await pollFarcasterStatus(channelToken, { intervalMs, attempts })
    return { channelToken, message: status.message, signature: status.signature, fid: status.fid }
  } catch (error) {
    if (!link) publish('auth-error', errorDetail(error))
    throw error
  }
}

/** `loginWithFarcaster()` without a channel: `initLoginWithFarcaster()` was not called first. */
export class FarcasterChannelMissingError extends BaseError {
  override name = 'FarcasterChannelMissingError'
  constructor() {
    super('Call initLoginWithFarcaster() before loginWithFarcaster().', { code: 'FARCASTER_CHANNEL_MISSING' })
  }
}
