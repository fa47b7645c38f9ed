/**
 * What follows a successful login, link or update, for every method (spec part 1 §4, part 2 §4):
 * the success shows, then the next post-login screen (terms, then wallet creation) replaces it,
 * or the modal closes. The delays come from TIMING only, so browser tests can shorten them.
 */
import { closeModal } from '../actions/closeModal.ts'
import { TIMING } from './timing.ts'
import { preloadScreen, resetScreens, type ScreenEntry } from '../stores/modal.ts'
import { nextPostLoginScreen, type PostLoginContext } from './postLogin.ts'

/** Runs `run` after `ms`; a screen passes one that is cancelled when it unmounts (src/ui/useLater.ts). */
export type Later = (ms: number, run: () => void) => void

/**
 * 'standard': the next screen after 900 ms, else close after 1400 ms (codes, passkeys, wallets,
 * Farcaster). 'provider': 1400 ms for either (OAuth and Telegram, spec §4).
 */
export type CompletionPace = 'standard' | 'provider'

const plainLater: Later = (ms, run) => {
  setTimeout(run, ms)
}

/**
 * A post-login step starts the modal's history anew: the login screens behind it are finished, so
 * neither it nor what follows (wallet creation, 'Welcome') offers a Back arrow to them.
 */
function showAfterLogin(next: ScreenEntry): void {
  resetScreens(next)
}

/**
 * Moves on at once: the first post-login step after `after` that applies, else closes.
 * `context` null (a link or an update) only closes.
 *
 * @example
 * continueLogin({ user, isNewUser, loginMethod: 'email' }, 'terms') // after the terms were accepted
 */
export function continueLogin(context: PostLoginContext | null, after?: string): void {
  const next = context ? nextPostLoginScreen(context, after) : null
  if (next) showAfterLogin(next)
  else closeModal()
}

/**
 * Schedules what follows a success. The next screen is chosen now, from the user the success
 * answered; `context` null (a link or an update) closes after the close delay.
 *
 * @example
 * const later = useLater()
 * const { user, isNewUser } = await loginWithPasskey()
 * completeFlow({ user, isNewUser, loginMethod: 'passkey' }, later)
 */
export function completeFlow(context: PostLoginContext | null, later: Later = plainLater, pace: CompletionPace = 'standard'): void {
  const next = context ? nextPostLoginScreen(context) : null
  // The next screen's code loads during the success delay, so no 'Loading' screen flashes between.
  if (next) preloadScreen(next.name)
  if (next) later(pace === 'provider' ? TIMING.providerStepDelayMs : TIMING.nextScreenDelayMs, () => showAfterLogin(next))
  else later(pace === 'provider' ? TIMING.providerStepDelayMs : TIMING.closeDelayMs, () => closeModal())
}
