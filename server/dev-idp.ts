/**
 * A local OpenID Connect identity provider (oidc-provider) for development and tests:
 * the demo's social buttons work offline through it, and the OAuth tests run against it as a
 * real provider. Its sign-in page (oidc-provider's development interactions) accepts any login
 * name and password; '[ Cancel ]' there is the user's denial. Never used in production: the
 * package is a development dependency and is only imported here.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'

export interface DevIdpClient {
  client_id: string
  client_secret: string
  redirect_uris: string[]
}

export interface DevIdp {
  issuer: string
  /** The raw Node handler (mount it under the issuer's path, with the prefix stripped). */
  callback: (req: IncomingMessage, res: ServerResponse) => void
}

/**
 * The profile behind a login name: an e-mail-looking name is the e-mail, else `name@idp.local`.
 * A name starting with 'unverified' has its e-mail marked unverified, as providers do for an
 * address the user typed but never confirmed.
 */
export function devProfile(login: string) {
  const email = login.includes('@') ? login.toLowerCase() : `${login.toLowerCase()}@idp.local`
  const verified = !login.toLowerCase().startsWith('unverified')
  return { sub: login, email, email_verified: verified, name: login, preferred_username: login.split('@')[0] }
}

/**
 * Provider conditions a developer (and the e2e tests) can provoke by login name, answered the way
 * real providers do at their userinfo endpoint: a name starting with 'suspended' gets 403 with a
 * body saying the account is suspended (as X/Twitter does), one starting with 'rate-limited' gets
 * 429. Everything before (sign-in, consent, code, tokens) works normally.
 */
export function devCondition(login: string): { status: number; error: string; description: string } | null {
  const name = login.toLowerCase()
  if (name.startsWith('suspended')) return { status: 403, error: 'access_denied', description: 'This account is suspended.' }
  if (name.startsWith('rate-limited')) return { status: 429, error: 'rate_limit_exceeded', description: 'Too many requests for this client.' }
  return null
}

export async function createDevIdp(issuer: string, clients: DevIdpClient[]): Promise<DevIdp> {
  // Untyped package (no bundled declarations): a computed specifier keeps it out of type checking.
  const specifier = 'oidc-provider'
  const { default: Provider, errors } = (await import(specifier)) as {
    default: new (issuer: string, config: unknown) => any
    errors: { OIDCProviderError: new (status: number, message: string) => Error & { error_description?: string } }
  }
  const provider = new Provider(issuer, {
    clients: clients.map((c) => ({ ...c, grant_types: ['authorization_code'], response_types: ['code'], token_endpoint_auth_method: 'client_secret_post' })),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'] },
    // Development interactions are the sign-in and consent pages; keys only sign this IdP's cookies.
    cookies: { keys: ['gatehouse-dev-idp-cookie-key'] },
    pkce: { required: () => true },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 3600, IdToken: 3600 },
    findAccount: async (_ctx: unknown, id: string) => ({
      accountId: id,
      claims: async (use: string) => {
        const condition = use === 'userinfo' ? devCondition(id) : null
        if (condition) throw Object.assign(new errors.OIDCProviderError(condition.status, condition.error), { error_description: condition.description })
        return devProfile(id)
      },
    }),
  } as any)
  // Plain http on loopback is all it is for.
  provider.proxy = true
  return { issuer, callback: provider.callback() as DevIdp['callback'] }
}

/** A standalone IdP on a loopback port (tests). */
export async function startDevIdp(clients: (issuer: string) => DevIdpClient[]): Promise<DevIdp & { close(): Promise<void> }> {
  let handler: DevIdp['callback'] = (_req, res) => res.writeHead(503).end()
  const server = createServer((req, res) => handler(req, res))
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  const issuer = `http://127.0.0.1:${(server.address() as { port: number }).port}`
  const idp = await createDevIdp(issuer, clients(issuer))
  handler = idp.callback
  return {
    ...idp,
    close: () =>
      new Promise((ok) => {
        server.closeAllConnections()
        server.close(() => ok())
      }),
  }
}
