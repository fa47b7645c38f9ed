/**
 * The app owner's admission rules (spec part 1 §5, §6): the login method's switch, the
 * allowlist, sign-up disabling and the user limit. AccountService.loginOrSignUp passes every login
 * of every method through here, so no method can skip a rule; a method may refuse earlier (an
 * e-mail off the allowlist gets no code) but never admits what the gate refuses.
 */
import { listLinkedAccounts } from '../db/linked-accounts.js'
import type { Db, LinkedAccountsTable } from '../db/schema.js'
import { countNonGuestUsers } from '../db/users.js'
import { ApiError } from '../errors.js'
import type { AuthMode, ProvenAccount } from './proven-account.js'
import { isAllowlisted, isMethodEnabled, type App, type Identifier } from './app-config.js'

/** The login method (`loginMethods` key) an account type logs in with; null for custom tokens, which have no switch. */
export function methodOfAccountType(type: string): string | null {
  if (type === 'custom_auth') return null
  if (type === 'phone') return 'sms'
  return type.endsWith('_oauth') ? type.slice(0, -'_oauth'.length) : type
}

/** Custom tokens are on when the app has a custom-auth configuration; every other method has its switch. */
export function isLoginTypeEnabled(app: App, type: string): boolean {
  // Cross-app accounts have no switch: the provider connection itself is the app's consent (services/cross-app.ts).
  if (type === 'cross_app') return true
  const method = methodOfAccountType(type)
  return method === null ? app.settings.customAuth !== null : isMethodEnabled(app.config, method)
}

/** The identifier an account itself is: e-mail, phone and wallet accounts (embedded wallets included). */
function accountIdentifier(type: string, address: string): Identifier | null {
  if (type === 'email' || type === 'phone' || type === 'wallet') return { kind: type, value: address }
  return null
}

/** What the allowlist matches for a proven account: the account itself, or what its method vouches for. */
export function identifierOf(proven: ProvenAccount): Identifier | null {
  return accountIdentifier(proven.type, proven.address) ?? proven.identifier ?? null
}

const NOT_LISTED: Record<Identifier['kind'] | 'account', string> = {
  email: 'This email is not on the allowlist for this app',
  phone: 'This phone number is not on the allowlist for this app',
  wallet: 'This wallet is not on the allowlist for this app',
  account: 'This account is not on the allowlist for this app',
}

export const allowlistRejected = (id: Identifier | null) => new ApiError('allowlist_rejected', NOT_LISTED[id?.kind ?? 'account'])

const isListed = (app: App, account: LinkedAccountsTable) => {
  const id = accountIdentifier(account.type, account.address)
  return id !== null && isAllowlisted(app.settings, id)
}

function checkMethod(app: App, type: string): void {
  if (isLoginTypeEnabled(app, type)) return
  const method = methodOfAccountType(type)
  throw new ApiError('disallowed_login_method', method === 'guest' ? 'Guest login not allowed' : `Login with ${method ?? 'a custom token'} not allowed`)
}

/**
 * An existing user logging in. A method that proves an e-mail, phone or wallet is judged by it;
 * one that proves none (passkey, Telegram, custom token, guest, OAuth without a verified e-mail)
 * admits the user when an e-mail, phone or wallet already linked to them is on the list.
 */
export async function admitLogin(db: Db, app: App, proven: ProvenAccount, userId: string): Promise<void> {
  checkMethod(app, proven.type)
  if (app.settings.allowlist.length === 0) return
  const id = identifierOf(proven)
  if (id) {
    if (!isAllowlisted(app.settings, id)) throw allowlistRejected(id)
    return
  }
  const linked = await listLinkedAccounts(db, userId)
  if (!linked.some((a) => isListed(app, a))) throw allowlistRejected(null)
}

/**
 * A new user. The allowlist must name what the method proves (so, while a list is set, a method
 * proving no identifier cannot sign anyone up); sign-up must be on; the user limit counts real
 * users only: guests neither count nor are counted against it.
 */
export async function admitSignUp(db: Db, app: App, proven: ProvenAccount, options: { mode?: AuthMode; isGuest?: boolean }): Promise<void> {
  checkMethod(app, proven.type)
  if (app.settings.allowlist.length > 0) {
    const id = identifierOf(proven)
    if (!id || !isAllowlisted(app.settings, id)) throw allowlistRejected(id)
  }
  if (options.mode === 'no-signup' || app.config.disableSignup) throw new ApiError('user_does_not_exist', 'User does not exist')
  const limit = app.settings.userLimit
  if (limit !== null && !options.isGuest && (await countNonGuestUsers(db, app.id)) >= limit) {
    throw new ApiError('max_accounts_reached', 'This app has reached its maximum number of users')
  }
}
