/**
 * The console's second factor, as an owner goes through it: the console opens its second, dialog-mode
 * `<auth-modal id="mfa">` for enrollment or verification (console/src/session.ts); the owner adds an
 * authenticator app (TOTP) and later types its codes.
 */
import { Secret, TOTP } from 'otpauth'
import type { Page } from 'playwright-core'
import { typeCode } from './helpers.ts'

export const totp = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' })

/** The console's MFA dialog. */
export const mfaDialog = (page: Page) => page.locator('auth-modal#mfa')

/**
 * With the widget's enrollment open in the MFA dialog: adds an authenticator app, types its code,
 * closes the dialog once it is added, and answers the TOTP secret (for the codes of later verifications).
 */
export async function enrollTotp(page: Page): Promise<string> {
  const mfa = mfaDialog(page)
  await mfa.getByText('Transaction Protection').waitFor()
  await mfa.getByRole('button', { name: 'Continue' }).click()
  await mfa.getByRole('button', { name: 'Authenticator app' }).click()
  await mfa.getByText('Scan QR code').waitFor({ timeout: 30000 })
  const secret = (await mfa.locator('[data-setup-key]').textContent())!.trim()
  await mfa.getByRole('button', { name: 'Continue' }).click()
  await mfa.getByText('Enter enrollment code').waitFor()
  await typeCode(page, totp(secret).generate())
  await mfa.getByRole('status').filter({ hasText: 'Authenticator app added.' }).waitFor()
  await page.locator('#mfa').evaluate((tag) => (tag as HTMLElement & { close(): Promise<void> }).close())
  return secret
}

/**
 * The console asks for a verification code (enrolled, not yet verified on this session): types the
 * next code of the authenticator (each code is usable once, and the enrollment took the current one).
 */
export async function verifyTotp(page: Page, secret: string) {
  await mfaDialog(page).getByText('Enter verification code').waitFor({ timeout: 30000 })
  await typeCode(page, totp(secret).generate({ timestamp: Date.now() + 30_000 }))
}
