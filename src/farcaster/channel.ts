/**
 * Sign In With Farcaster, browser side (lazy chunk): open a relay channel on our server,
 * poll its status every 2 s until the user's Farcaster client completed it (time-out 120 s, spec
 * §4/§9), then log in or link with the signed message.
 */
import { captchaTokenForInit } from '../captcha/require.ts'
import type { ApiAnswer } from '../api/client.ts'
import { getApiClient } from '../api/instance.ts'
import type { WireAuthResponse } from '../api/types.ts'
import { ApiError } from '../errors/api.ts'
import { BaseError } from '../errors/base.ts'

/** Spec §9: the channel status is polled every 2 s, with a time-out of 120 s (the modal's Farcaster screen). */
export const FARCASTER_POLL_INTERVAL_MS = 2000
export const FARCASTER_POLL_TIMEOUT_MS = 120_000
/**
 * Spec §9's earlier polling default, 150 ms apart and 270 attempts (about 40 s): what the headless
 * host API (`loginWithFarcaster()` after `initLoginWithFarcaster()`) polls with unless the host
 * passes its own `pollingOptions`.
 */
export const FARCASTER_HEADLESS_POLLING = { intervalMs: 150, attempts: 270 } as const

/** The relay channel: `connect_uri` (`farcaster://connect?channelToken=…&nonce=…`) is what the QR code and the open-app button carry. */
export type FarcasterChannel = ApiAnswer<'POST', '/farcaster/init'>

/** The relay status (AuthKit field names). */
export type FarcasterStatus = ApiAnswer<'GET', '/farcaster/status'>

/** The 120 s passed without the Farcaster client completing the channel. */
export class FarcasterTimeoutError extends BaseError {
  override name = 'FarcasterTimeoutError'
  constructor() {
    super('The request timed out. Try again.', { code: 'FARCASTER_TIMEOUT' })
  }
}

let headlessChannel: string | null = null
/** The channel the headless `initLoginWithFarcaster()` opened last: `loginWithFarcaster()` polls it by default. */
export const rememberHeadlessChannel = (channelToken: string | null) => void (headlessChannel = channelToken)
export const lastHeadlessChannel = (): string | null => headlessChannel

export async function initFarcaster(captchaToken?: string): Promise<FarcasterChannel> {
  // With captcha on, the captcha screen runs first (like every init call).
  const token = captchaToken ?? (await captchaTokenForInit())
  return getApiClient().post('/farcaster/init', { token: token ?? null })
}

export function farcasterStatus(channelToken: string): Promise<FarcasterStatus> {
  // The channel token has its own header: the bearer stays the user's access token (link).
  return getApiClient().get('/farcaster/status', { headers: { 'farcaster-channel-token': channelToken }, retries: 0 })
}

export interface PollOptions {
  signal?: AbortSignal
  intervalMs?: number
  /** The wait's end; without it, 120 s, or no time limit when `attempts` bounds the polls instead. */
  timeoutMs?: number
  /** At most this many status reads, then FarcasterTimeoutError. */
  attempts?: number
  now?: () => number
  sleep?: (ms: number) => Promise<void>
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * Polls until the channel is completed. Rejects with FarcasterTimeoutError after `timeoutMs` or
 * `attempts` reads; an abort (the screen closed) stops quietly with an AbortError. A failed poll is
 * not retried inside the poll itself: the next tick asks again, and only the deadline (or the last
 * attempt) ends the wait.
 */
export async function pollFarcasterStatus(
  channelToken: string,
  options: PollOptions = {},
): Promise<FarcasterStatus & { message: string; signature: string; fid: number }> {
  const { signal, intervalMs = FARCASTER_POLL_INTERVAL_MS, attempts = Infinity, now = Date.now, sleep = defaultSleep } = options
  const timeoutMs = options.timeoutMs ?? (options.attempts === undefined ? FARCASTER_POLL_TIMEOUT_MS : Infinity)
  const deadline = now() + timeoutMs
  let lastError: unknown = null
  for (let attempt = 1; ; attempt++) {
    if (signal?.aborted) throw new DOMException('Farcaster polling stopped', 'AbortError')
    try {
      const status = await farcasterStatus(channelToken)
      if (status.state === 'completed' && status.message && status.signature && status.fid)
        return status as FarcasterStatus & { message: string; signature: string; fid: number }
      lastError = null
    } catch (error) {
      // A 4xx (unknown or expired channel, throttled) will not get better by waiting.
      if (error instanceof ApiError && error.status < 500) throw error
      lastError = error
    }
    if (attempt >= attempts || now() + intervalMs > deadline) throw lastError ?? new FarcasterTimeoutError()
    await sleep(intervalMs)
    if (now() > deadline) throw new FarcasterTimeoutError()
  }
}

export interface SignedChannel {
  channel_token: string
  message: string
  signature: string
  fid: number
}

export function authenticateFarcaster(signed: SignedChannel, mode: 'login-or-sign-up' | 'no-signup'): Promise<WireAuthResponse> {
  return getApiClient().post('/farcaster/authenticate', { ...signed, mode })
}
