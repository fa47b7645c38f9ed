/**
 * The landing entry 'I have a passkey': the choice screen when the app allows passkey sign-up
 * (spec §2 'Log in or create a new account?'), otherwise straight to a passkey login.
 */
import { $config } from '../stores/config.ts'
import { pushScreen } from '../stores/modal.ts'

export function startPasskeyMethod(): void {
  if ($config.get().app?.passkeysForSignupEnabled) pushScreen({ name: 'passkey-choice' })
  else pushScreen({ name: 'passkey-status', intent: 'login' })
}
