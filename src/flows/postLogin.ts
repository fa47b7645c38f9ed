import type { User } from '../api/user.ts'
import { $config, termsRequired } from '../stores/config.ts'
import type { ScreenEntry } from '../stores/modal.ts'

/** Who just authenticated, and how: what every post-login step decides on. */
export interface PostLoginContext {
  user: User
  isNewUser: boolean
  loginMethod: string
}

/**
 * A step between a successful authentication and closing the modal. Spec part 1 §4 fixes the
 * order for every login method: terms (when required and not accepted), then embedded-wallet
 * creation (when one is to be created), then close.
 */
export interface PostLoginStep {
  name: string
  /** The screen for this step, or null when it does not apply to this user. */
  screen(context: PostLoginContext): ScreenEntry | null
}

const termsStep: PostLoginStep = {
  name: 'terms',
  screen: ({ user }) => (termsRequired($config.get().app) && !user.hasAcceptedTerms ? { name: 'terms' } : null),
}

const steps: PostLoginStep[] = [termsStep]

/**
 * Adds a step after the ones already registered (the wallet step registers itself after terms).
 * Registering the same name again replaces it, so a module evaluated twice does not add twice.
 */
export function registerPostLoginStep(step: PostLoginStep): void {
  const existing = steps.findIndex((s) => s.name === step.name)
  if (existing >= 0) steps[existing] = step
  else steps.push(step)
}

/**
 * The screen of the first step that applies, looking only at steps after `after` (the step the
 * user just finished); null means the login is complete and the modal may close.
 *
 * @example
 * const next = nextPostLoginScreen({ user, isNewUser: true, loginMethod: 'email' })
 * next ? replaceScreen(next) : closeModal()
 */
export function nextPostLoginScreen(context: PostLoginContext, after?: string): ScreenEntry | null {
  const start = after === undefined ? 0 : steps.findIndex((s) => s.name === after) + 1
  for (const step of steps.slice(start)) {
    const screen = step.screen(context)
    if (screen) return screen
  }
  return null
}
