/**
 * Request parts more than one area takes: headers, path parameters and the body fields every login
 * method shares. Each shape is written once, here (the answers are in shared.ts).
 */

/** The signed-in user's access token (`Authorization: Bearer …`): routes check it themselves (401 with a code), not the schema (400). */
export const bearerHeaders = { type: 'object', properties: { authorization: { type: 'string' } } } as const

/** `:app_id` in the path. */
export const appParams = { type: 'object', required: ['app_id'], properties: { app_id: { type: 'string' } } } as const

/** A login's `mode` (spec part 1 §4): 'no-signup' refuses to create a user. */
export const authMode = { type: 'string', enum: ['login-or-sign-up', 'no-signup'] } as const

/** The captcha token an unauthenticated init carries. */
export const captchaToken = { type: ['string', 'null'], description: 'captcha token (required when the app enables captcha)' } as const

/** An e-mail address as a login method takes it. */
export const emailAddress = { type: 'string', minLength: 1, maxLength: 320 } as const
/** A login code (e-mail or SMS) as typed. */
export const loginCode = { type: 'string', minLength: 1, maxLength: 64 } as const

/** The nonce of an `account_transfer_required` answer, which a `…/transfer` spends. */
export const transferNonce = { type: 'string', minLength: 1, maxLength: 200 } as const
/** The body of every `…/transfer` route whose nonce alone names the account (e-mail, phone, Telegram). */
/**
 * 'Check account assets before transferring': the user saw the other account's embedded wallets and
 * confirmed that they are deleted with it. Without it, taking an account from a user who holds an
 * embedded wallet is refused (`account_has_embedded_wallet`).
 */
export const confirmWalletDeletion = {
  type: 'boolean',
  description: "true: the other user's embedded wallets (their key shares on this server) are deleted with that user",
} as const
export const transferBody = {
  type: 'object',
  required: ['nonce'],
  properties: { nonce: transferNonce, confirm_wallet_deletion: confirmWalletDeletion },
} as const
/** What every such transfer says of itself. */
export const TRANSFER_SUMMARY = 'Move an account linked to another user onto the signed-in user (the other user is deleted) → the user'
