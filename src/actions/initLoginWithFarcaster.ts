import type { ApiError, NetworkError, TimeoutError } from '../errors/api.ts'
import type { AlreadyLoggedInError } from '../errors/link.ts'
import { errorDetail } from '../errors/toBaseError.ts'
import { publish } from '../events/bus.ts'
import { initFarcaster, rememberHeadlessChannel } from '../farcaster/channel.ts'
import { assertCanLogIn } from '../flows/loginGuard.ts'

export interface InitLoginWithFarcasterParameters {
  /** Captcha token when the app enables captcha (else the captcha screen runs first). */
  captchaToken?: string
}
export interface InitLoginWithFarcasterReturnType {
  /** `farcaster://connect?channelToken=…&nonce=…`: what the host shows as a QR code or opens on mobile. */
  connectUri: string
  /** The relay channel; `loginWithFarcaster()` polls this one unless told another. */
  channelToken: string
}
export type InitLoginWithFarcasterErrorType = AlreadyLoggedInError | ApiError | TimeoutError | NetworkError

/**
 * Headless Sign In With Farcaster, step 1: opens a relay channel (`POST /farcaster/init`) without
 * any screen. The host shows `connectUri` (QR code, or a link on mobile) and then calls
 * `loginWithFarcaster()`, which polls the channel with the headless default (150 ms, 270 attempts)
 * and logs in. Refused while a non-guest user is logged in (spec §5).
 *
 * @example
 * const { connectUri } = await initLoginWithFarcaster()
 * showQr(connectUri)
 * const { user } = await loginWithFarcaster()
 */
export async function initLoginWithFarcaster({ captchaToken }: InitLoginWithFarcasterParameters = {}): Promise<InitLoginWithFarcasterReturnType> {
  assertCanLogIn()
  try {
    const channel = await initFarcaster(captchaToken)
    rememberHeadlessChannel(channel.channel_token)
    return { connectUri: channel.connect_uri, channelToken: channel.channel_token }
  } catch (error) {
    publish('auth-error', errorDetail(error))
    throw error
  }
}
