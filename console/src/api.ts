/**
 * The console's HTTP client, typed by the contract's route map exactly as the widget's client is
 * (src/api/client.ts: the path is one the map lists for that method, the body and answer are that
 * route's types; the schemas themselves are type-only imports). Owner routes take no app-id header:
 * the path names the app. Every call sends the console session's bearer token (`getBearer`).
 */
import type { RouteBody, RouteQuery, RouteResponse, Routes } from '@gatehouse/contract/routes'
import { API_PREFIX } from '@gatehouse/contract/routes/prefix'

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'
export type Path<M extends Method> = keyof Routes extends infer K ? (K extends `${M} ${infer P}` ? P : never) : never
type Route<M extends Method, P extends Path<M>> = Routes[`${M} ${P}` & keyof Routes]
export type Answer<M extends Method, P extends Path<M>> = RouteResponse<Route<M, P>>
type Body<M extends Method, P extends Path<M>> = [RouteBody<Route<M, P>>] extends [undefined] ? Record<string, never> | undefined : RouteBody<Route<M, P>>

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never
type ParamsOption<P extends string> = [ParamNames<P>] extends [never] ? { params?: never } : { params: Record<ParamNames<P>, string> }
type QueryOption<Q> = [Q] extends [undefined] ? { query?: never } : {} extends Q ? { query?: Q } : { query: Q }
type Options<M extends Method, P extends Path<M>> = ParamsOption<P> & QueryOption<RouteQuery<Route<M, P>>>
type OptionsArg<O> = {} extends O ? [options?: O] : [options: O]

/** A failed call: the server's `{ error, code }`, or a network failure (status 0). */
export class ConsoleApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
  /**
   * The form field a validation message names (`Invalid field legal.privacyPolicyUrl: …`, or a secret
   * sent back masked: `recoveryOAuth.icloud.apiToken is masked …`), or null.
   */
  get field(): string | null {
    return (
      /^(?:Invalid field|Unknown field:|Missing field:) ?([\w.-]+[\w])/.exec(this.message)?.[1] ??
      /^([\w-]+(?:\.[\w-]+)+) is masked/.exec(this.message)?.[1] ??
      null
    )
  }
}

export interface ConsoleApi {
  get<P extends Path<'GET'>>(path: P, ...[options]: OptionsArg<Options<'GET', P>>): Promise<Answer<'GET', P>>
  post<P extends Path<'POST'>>(path: P, body: Body<'POST', P>, ...[options]: OptionsArg<Options<'POST', P>>): Promise<Answer<'POST', P>>
  patch<P extends Path<'PATCH'>>(path: P, body: Body<'PATCH', P>, ...[options]: OptionsArg<Options<'PATCH', P>>): Promise<Answer<'PATCH', P>>
  put<P extends Path<'PUT'>>(path: P, body: Body<'PUT', P>, ...[options]: OptionsArg<Options<'PUT', P>>): Promise<Answer<'PUT', P>>
  delete<P extends Path<'DELETE'>>(path: P, ...[options]: OptionsArg<Options<'DELETE', P>>): Promise<Answer<'DELETE', P>>
  /** An untyped GET answering the raw response (the export's CSV or JSON lines). */
  download(path: Path<'GET'>, options: { params?: Record<string, string>; query?: Record<string, string> }): Promise<Blob>
}

interface Shape {
  params?: Record<string, string>
  query?: Record<string, string>
}

/** The URL of a route of the map, its `:name` segments filled in and URI-encoded. */
export function routeUrl(path: string, { params, query }: Shape = {}): string {
  const bare = path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params?.[name] ?? ''))
  const search = query && Object.keys(query).length ? `?${new URLSearchParams(query)}` : ''
  return `${API_PREFIX}${bare}${search}`
}

/** The calls whose refusal means the operator may not use the console at all (the shell's panel). */
const SHELL_ROUTES = new Set(['/admin/apps', '/admin/me'])

/**
 * `onUnauthorized`: called on a 401, and on a 403 of the app list or `GET /admin/me`; any other
 * refusal is only thrown, for the page to show beside its action.
 * `askForMfa`: called when the server asks for MFA (an owner-only change); when it resolves true
 * (the operator enrolled or verified), the call is sent again, at most twice (enroll, then verify).
 */
export function createConsoleApi(
  getBearer: () => Promise<string | null>,
  onUnauthorized: (error: ConsoleApiError) => void,
  askForMfa?: (error: ConsoleApiError) => Promise<boolean>,
): ConsoleApi {
  async function send(method: Method, path: string, body: unknown, options: Shape = {}, mfaRounds = 2): Promise<Response> {
    const token = await getBearer()
    const headers: Record<string, string> = {}
    if (token) headers.authorization = `Bearer ${token}`
    if (body !== undefined) headers['content-type'] = 'application/json'
    let response: Response
    try {
      // no-store: the operator sees the server's state now (the public app config is cacheable for the widget's sake).
      response = await fetch(routeUrl(path, options), { method, headers, cache: 'no-store', body: body === undefined ? undefined : JSON.stringify(body) })
    } catch {
      throw new ConsoleApiError(0, 'network_error', 'The server cannot be reached. Check that it is running, then try again.')
    }
    if (response.ok) return response
    const answer = (await response.json().catch(() => null)) as { error?: string; code?: string } | null
    const error = new ConsoleApiError(response.status, answer?.code ?? 'unknown', answer?.error ?? `The server answered ${response.status}`)
    if (error.code === 'missing_or_invalid_mfa' && askForMfa && mfaRounds > 0 && (await askForMfa(error))) {
      return send(method, path, body, options, mfaRounds - 1)
    }
    // A lost sign-in, or no role on the server at all (its app list or who-am-I refused), is the shell's
    // to say; a page action refused (403) is the page's, beside that action, in the server's words.
    if (response.status === 401 || (response.status === 403 && method === 'GET' && SHELL_ROUTES.has(path))) onUnauthorized(error)
    throw error
  }
  const json = async (method: Method, path: string, body: unknown, options?: Shape) => {
    const response = await send(method, path, body, options)
    const text = await response.text()
    return text ? JSON.parse(text) : undefined
  }
  return {
    get: (path: string, options?: Shape) => json('GET', path, undefined, options),
    post: (path: string, body: unknown, options?: Shape) => json('POST', path, body ?? {}, options),
    patch: (path: string, body: unknown, options?: Shape) => json('PATCH', path, body ?? {}, options),
    put: (path: string, body: unknown, options?: Shape) => json('PUT', path, body ?? {}, options),
    delete: (path: string, options?: Shape) => json('DELETE', path, undefined, options),
    download: async (path: string, options: Shape) => (await send('GET', path, undefined, options)).blob(),
  } as ConsoleApi
}
