/**
 * The routes that change which accounts a signed-in user holds (spec part 1 §5): a login method's
 * `…/link`, `…/unlink`, `…/update` and `…/transfer`. One registrar, so every method asks the same
 * things in the same order: the app (the `privy-app-id` header), a signed-in user with a live
 * session, then the method's own step. A method's file says only what differs: how `link` proves
 * the account, which stored account `unlink` names, and the account type a transfer nonce must carry.
 *
 * What stays the same for every method lives below the routes: guests, limits, security notices and
 * `account_transfer_required` in AccountService (services/accounts.ts) or WalletAuthService
 * (external wallets), the method's throttles in its service, the device proof of a bound session in
 * the API's preHandler hook (routes/api.ts).
 */
import type { RouteBody, RouteDef } from '@gatehouse/contract/routes'
import type { FastifyRequest } from 'fastify'
import { appOf, HEADER_APP, type ApiInstance } from '../context.js'
import type { App } from '../services/app-config.js'
import { requireSignedInUser } from '../services/bearer.js'
import type { WireUser } from '../services/users.js'

/** What a step reads of the request: the body (typed by the contract's schema of its route), headers and IP. */
export interface AccountRequest<R extends RouteDef> {
  body: RouteBody<R>
  headers: FastifyRequest['headers']
  ip: string
}

/** One step of a method: the request's app, the signed-in user and the request → the user after the change. */
export type AccountStep<R extends RouteDef> = (app: App, userId: string, request: AccountRequest<R>) => Promise<WireUser>

/** A method's routes, from the contract's route map (`ROUTES['POST /telegram/link']`, …); each is optional. */
export interface AccountRouteDefs<L extends RouteDef, U extends RouteDef, P extends RouteDef, T extends RouteDef> {
  link?: L
  unlink?: U
  update?: P
  transfer?: T
}

export interface AccountMethod<L extends RouteDef, U extends RouteDef, P extends RouteDef, T extends RouteDef> {
  /** Proves the account `link`'s body carries and links it: the method's own check (its service). */
  link?: AccountStep<L>
  /** Replaces the user's account of the method by the one the body proves (e-mail, phone). */
  update?: AccountStep<P>
  /** The stored account type `unlink` and `transfer` name (OAuth's depends on the body's provider). */
  type?: string | ((body: RouteBody<U> | RouteBody<T>) => string)
  /** The stored address of the account `unlink`'s body names (trimmed, lower-cased, normalised as stored). */
  address?: (body: RouteBody<U>) => string
  /** Instead of `type` and `address`: a method whose accounts are not AccountService's (external wallets). */
  unlink?: AccountStep<U>
  /** Instead of spending the nonce for `type` with AccountService (external wallets carry metadata). */
  transfer?: AccountStep<T>
  /**
   * Who is signed in. Default: `requireSignedInUser` (no bearer → 401 `must_be_authenticated`).
   * The wallet routes answer a missing bearer with `missing_or_invalid_token`, as they always have.
   */
  signedIn?: (request: FastifyRequest) => Promise<{ userId: string }>
}

/**
 * Registers a method's link, unlink, update and transfer routes (those it names), each behind the
 * app id and a signed-in user with a live session.
 *
 * @example
 * accountRoutes(app, { link: ROUTES['POST /telegram/link'], unlink: ROUTES['POST /telegram/unlink'], transfer: ROUTES['POST /telegram/transfer'] }, {
 *   link: (target, userId, request) => telegram.link(target, userId, request.body),
 *   type: 'telegram',
 *   address: (body) => String(body.telegram_user_id),
 * })
 */
export function accountRoutes<L extends RouteDef, U extends RouteDef, P extends RouteDef, T extends RouteDef>(
  app: ApiInstance,
  routes: AccountRouteDefs<L, U, P, T>,
  method: NoInfer<AccountMethod<L, U, P, T>>,
): void {
  const { accounts } = app.gatehouse
  const signedIn = method.signedIn ?? requireSignedInUser
  const { type, address } = method
  const typeOf = type === undefined ? undefined : typeof type === 'string' ? () => type : type

  const unlink: AccountStep<U> | undefined =
    method.unlink ?? (typeOf && address && ((target, userId, request) => accounts.unlink(target, userId, typeOf(request.body), address(request.body))))
  // Every such transfer's schema requires the nonce of the `account_transfer_required` answer.
  const transfer: AccountStep<T> | undefined =
    method.transfer ??
    (typeOf &&
      ((target, userId, request) => {
        const body = request.body as { nonce: string; confirm_wallet_deletion?: boolean }
        return accounts.transfer(target, userId, typeOf(request.body), body.nonce, body.confirm_wallet_deletion === true)
      }))

  // Each step reads its own route's body type; here they are only passed the request.
  type AnyStep = (app: App, userId: string, request: never) => Promise<WireUser>
  const register = (route: RouteDef | undefined, step: AnyStep | undefined, name: string) => {
    if (!route) return
    if (!step) throw new Error(`accountRoutes: ${route.path} has no ${name} step`)
    app.post(route.path, { schema: route.schema, config: HEADER_APP }, async (request: FastifyRequest) => {
      const { userId } = await signedIn(request)
      return step(appOf(request), userId, request as never)
    })
  }
  register(routes.link, method.link, 'link')
  register(routes.unlink, unlink, 'unlink (or type and address)')
  register(routes.update, method.update, 'update')
  register(routes.transfer, transfer, 'transfer (or type)')
}
