/** The app's users (owner routes of contract/src/routes/owner-users.ts and owner.ts), called with the app secret. */
import type { RouteBody, RouteQuery, RouteResponse } from '@gatehouse/contract/routes'
// The route groups themselves, not the whole ROUTES map: the published declarations carry only these.
import type { ownerRoutes } from '../../../contract/src/routes/owner.ts'
import type { ownerUsersRoutes } from '../../../contract/src/routes/owner-users.ts'
import type { Http } from './http.ts'

type R = typeof ownerUsersRoutes & typeof ownerRoutes
/** A user as the owner API answers it: the wire user plus sessions_count and embedded wallets. */
export type User = RouteResponse<R['GET /apps/:app_id/users/:user_id']>
export type UsersPage = RouteResponse<R['GET /apps/:app_id/users']>
/** The list's filters (the query string of `GET /apps/:app_id/users`); `limit` may be given as a number. */
export type ListUsersQuery = Omit<NonNullable<RouteQuery<R['GET /apps/:app_id/users']>>, 'limit'> & { limit?: number | string }
export type SearchUsersQuery = NonNullable<RouteQuery<R['GET /apps/:app_id/users/search']>>
export type CreateUserInput = RouteBody<R['POST /apps/:app_id/users']>
export type CustomMetadata = RouteBody<R['PUT /apps/:app_id/users/:user_id/custom_metadata']>['custom_metadata']
export type DeleteUserResult = RouteResponse<R['DELETE /apps/:app_id/users/:user_id']>
export type Session = RouteResponse<R['GET /admin/apps/:app_id/users/:user_id/sessions']>['data'][number]
export type RevokeSessionsResult = RouteResponse<R['DELETE /admin/apps/:app_id/users/:user_id/sessions']>

export function usersApi(http: Http, appId: string) {
  const app = `/apps/${encodeURIComponent(appId)}`
  const user = (userId: string) => `${app}/users/${encodeURIComponent(userId)}`
  const sessions = (userId: string) => `/admin${user(userId)}/sessions`
  return {
    /** One user, or throws GatehouseApiError with status 404. */
    get: (userId: string) => http.request<User>('GET', user(userId)),
    /** A page of users, newest first; pass `next_cursor` back as `cursor` for the next page. */
    list: (query: ListUsersQuery = {}) => http.request<UsersPage>('GET', `${app}/users`, { query }),
    /** Every user, page by page (an async iterator over `list`). */
    async *all(query: Omit<ListUsersQuery, 'cursor'> = {}): AsyncGenerator<User> {
      let cursor: string | undefined
      do {
        const page = await http.request<UsersPage>('GET', `${app}/users`, { query: { ...query, cursor } })
        yield* page.data
        cursor = page.next_cursor ?? undefined
      } while (cursor)
    },
    /** The user holding an e-mail, phone, wallet address, … (exactly one field), or null. */
    async search(query: SearchUsersQuery): Promise<User | null> {
      const page = await http.request<UsersPage>('GET', `${app}/users/search`, { query: query as Record<string, string> })
      return page.data[0] ?? null
    },
    /** Creates a user holding the given login methods (and, optionally, pregenerated embedded wallets). */
    create: (input: CreateUserInput) => http.request<User>('POST', `${app}/users`, { body: input }),
    /** Replaces the user's custom metadata (it appears in the user and in the identity token). */
    setCustomMetadata: (userId: string, customMetadata: CustomMetadata) =>
      http.request<User>('PUT', `${user(userId)}/custom_metadata`, { body: { custom_metadata: customMetadata } }),
    /** Deletes the user and ends every session. A user with an embedded wallet needs `confirmWalletDeletion`. */
    delete: (userId: string, o: { confirmWalletDeletion?: boolean } = {}) =>
      http.request<DeleteUserResult>('DELETE', user(userId), { query: o.confirmWalletDeletion ? { confirm_wallet_deletion: 'true' } : {} }),
    /** The user's live sessions, newest first. */
    sessions: async (userId: string) => (await http.request<{ data: Session[] }>('GET', sessions(userId))).data,
    /** Revokes every session of the user (refresh refused at once; the wallet frame stops signing within 60 s). */
    revokeSessions: (userId: string) => http.request<RevokeSessionsResult>('DELETE', sessions(userId)),
    /** Revokes one session (e.g. the `sessionId` of a verified access token). */
    revokeSession: (userId: string, sessionId: string) => http.request<RevokeSessionsResult>('DELETE', `${sessions(userId)}/${encodeURIComponent(sessionId)}`),
  }
}
