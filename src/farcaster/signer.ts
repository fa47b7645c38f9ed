/**
 * 'Add a signer to Farcaster' behind the screen (spec part 3 §2, §4, §9; lazy chunk): the wallet
 * frame makes (or reuses) its ed25519 signer key and registers it (`farcaster:init-signer`, which
 * calls `farcaster/signer/init`); then `farcaster/signer/status` is polled every 2 s until the user
 * approved it in the Farcaster app, rejected it, or 5 minutes passed.
 */
import type { FarcasterSignerAnswer } from '../../frame/src/protocol.ts'
import { getApiClient } from '../api/instance.ts'
import { BaseError } from '../errors/base.ts'
import { WALLET_MESSAGES } from '../errors/wallet.ts'
import { getWalletProxy } from '../wallets/embedded/proxy.ts'
import { requireAccessToken } from '../wallets/embedded/session.ts'

export type { FarcasterSignerAnswer }

/** Spec part 3 §9: polling every 2 s, a 5 minute time-out; success closes after 1.4 s. */
export const FARCASTER_SIGNER_TIMING = { pollMs: 2000, timeoutMs: 5 * 60_000, closeMs: 1400 }

/** Spec part 3 §8 'Farcaster'. */
export const FARCASTER_SIGNER_TEXT = {
  connectFailed: 'Connect failed',
  somethingWrong: 'Something went wrong. Please try again.',
  timedOut: 'The request timed out. Try again.',
  rejected: 'Request rejected',
  rejectedDetail: 'The request was rejected. Please try again.',
} as const

export type FarcasterSignerFailure = 'failed' | 'timeout' | 'rejected'

/** The flow's end other than success; `reason` picks the screen's texts. */
export class FarcasterSignerError extends BaseError {
  override name = 'FarcasterSignerError'
  readonly reason: FarcasterSignerFailure
  constructor(reason: FarcasterSignerFailure, options: { cause?: unknown } = {}) {
    const message =
      reason === 'timeout'
        ? FARCASTER_SIGNER_TEXT.timedOut
        : reason === 'rejected'
          ? FARCASTER_SIGNER_TEXT.rejectedDetail
          : FARCASTER_SIGNER_TEXT.somethingWrong
    super(message, { code: `FARCASTER_SIGNER_${reason.toUpperCase()}`, ...options })
    this.reason = reason
  }
}

/** The frame registers its key; a missing public key in the answer is 'Connect failed'. */
export async function initFarcasterSigner(): Promise<FarcasterSignerAnswer> {
  const accessToken = await requireAccessToken(WALLET_MESSAGES.mustBeAuthenticatedToSign)
  let answer: FarcasterSignerAnswer
  try {
    answer = await getWalletProxy().request('farcaster:init-signer', { accessToken })
  } catch (error) {
    throw new FarcasterSignerError('failed', { cause: error })
  }
  if (!answer?.public_key) throw new FarcasterSignerError('failed')
  return answer
}

export function farcasterSignerStatus(publicKey: string): Promise<FarcasterSignerAnswer> {
  return getApiClient().post('/farcaster/signer/status', { ed25519_public_key: publicKey }, { retries: 0 })
}

export interface SignerPollOptions {
  signal?: AbortSignal
  intervalMs?: number
  timeoutMs?: number
  now?: () => number
  sleep?: (ms: number) => Promise<void>
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * Polls until approved (answers the status). 'revoked' rejects with 'rejected'; the time-out with
 * 'timeout'. A failed poll is asked again at the next tick: only the deadline ends the wait.
 */
export async function pollFarcasterSigner(publicKey: string, options: SignerPollOptions = {}): Promise<FarcasterSignerAnswer> {
  const { signal, intervalMs = FARCASTER_SIGNER_TIMING.pollMs, timeoutMs = FARCASTER_SIGNER_TIMING.timeoutMs, now = Date.now, sleep = defaultSleep } = options
  const deadline = now() + timeoutMs
  for (;;) {
    if (signal?.aborted) throw new DOMException('Farcaster signer polling stopped', 'AbortError')
    const status = await farcasterSignerStatus(publicKey).catch(() => null)
    if (status?.status === 'approved') return status
    if (status?.status === 'revoked') throw new FarcasterSignerError('rejected')
    if (now() + intervalMs > deadline) throw new FarcasterSignerError('timeout')
    await sleep(intervalMs)
    if (now() > deadline) throw new FarcasterSignerError('timeout')
  }
}
