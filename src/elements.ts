/**
 * Tags-only entry (`dist/elements.js`): defines `<auth-modal>` and `<sign-prompt>` and registers
 * the login-method starts and post-login steps. Everything a host calls on the elements loads on
 * first use (dynamic import), so the landing screen fetches only what it renders.
 *
 * Registrations live here, in an entry: rollup's treeshake setting drops side effects of every
 * other src/ module.
 */
import '../elements/auth-modal/auth-modal.ts'
import '../elements/sign-prompt/sign-prompt.ts'
import { registerDeviceProof } from './api/instance.ts'
import { registerPostLoginStep } from './flows/postLogin.ts'
import { startPasskeyMethod } from './passkeys/methodStart.ts'
import { registerMethodStart } from './flows/methodStarts.ts'
import { pushScreen } from './stores/modal.ts'
import { registerMfaGate } from './wallets/embedded/mfaGate.ts'
import { embeddedWalletStep } from './wallets/embedded/postLoginStep.ts'
import { reconnectOnLoad } from './wallets/external/reconnectOnLoad.ts'
import { registerStandardWalletWhenReady } from './wallets/solana/registerStandard.ts'

export { AuthModalElement } from '../elements/auth-modal/auth-modal.ts'
export { SignPromptElement } from '../elements/sign-prompt/sign-prompt.ts'

// Landing entries whose start is more than pushing a screen.
registerMethodStart('passkey', startPasskeyMethod)
registerMethodStart('telegram', () => pushScreen({ name: 'telegram-status' }))
// Farcaster: the screen (and qrcode) is a lazy chunk; pushing it is all the landing chunk holds.
registerMethodStart('farcaster', () => pushScreen({ name: 'farcaster-status' }))

// Embedded-wallet creation follows terms after every login method (src/flows/postLogin.ts).
registerPostLoginStep(embeddedWalletStep)
// The HTTP client and the wallet frame's transport know neither wallets nor MFA: both are injected,
// loaded on first use (the device proof with the first bound request, the gate with the first MFA refusal).
registerDeviceProof(async (htm, htu, ath) => (await import('./wallets/embedded/device.ts')).deviceProof(htm, htu, ath))
registerMfaGate(async (call, isMissingMfa, firstError) => (await import('./mfa/gate.ts')).protectedCall(call, isMissingMfa, firstError))
// A stored external wallet connection is restored after a reload.
reconnectOnLoad()
// The embedded Solana wallet joins the Wallet Standard (solana:signTransaction, …) once the user has one.
registerStandardWalletWhenReady()
