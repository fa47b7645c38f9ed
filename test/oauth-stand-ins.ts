/**
 * Stand-ins for OAuth providers that cannot run here, each speaking its provider's documented wire
 * format on loopback: Sign in with Apple (OpenID discovery, form token endpoint that checks the
 * ES256 client-secret JWT, RS256 ID tokens) and TikTok Login Kit v2 (`client_key`, comma scopes,
 * `{ data: { user } }` user info). The consent pages are the providers' own UI: tests play them by
 * asking the stand-in for a code, as if the user had agreed.
 */
import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { SignJWT, exportJWK, generateKeyPair, importSPKI, jwtVerify } from 'jose'

interface Started {
  base: string
  close(): Promise<void>
  /** Every token request as the provider received it. */
  tokenRequests: Record<string, string>[]
}

async function serve(handler: (req: IncomingMessage, body: string, res: ServerResponse) => Promise<void> | void) {
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => {
      Promise.resolve(handler(req, body, res)).catch((error) => {
        res.writeHead(500).end(String(error))
      })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return { base, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

const json = (res: ServerResponse, status: number, value: unknown): void => {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value))
}
const form = (body: string) => Object.fromEntries(new URLSearchParams(body))

export interface AppleStandIn extends Started {
  issuer: string
  /** The user consented at Apple: a code for this `sub` and e-mail. */
  consent(user: { sub: string; email: string }): string
}

/** Sign in with Apple. `owner` is the developer account: team id, key id and its public key (SPKI PEM). */
export async function startAppleStandIn(owner: { teamId: string; keyId: string; publicKeyPem: string; clientId: string }): Promise<AppleStandIn> {
  const { privateKey, publicKey } = await generateKeyPair('RS256')
  const jwk = { ...(await exportJWK(publicKey)), kid: 'apple-test-1', use: 'sig', alg: 'RS256' }
  const ownerKey = await importSPKI(owner.publicKeyPem, 'ES256')
  const codes = new Map<string, { sub: string; email: string }>()
  const tokenRequests: Record<string, string>[] = []
  let issuer = ''
  const started = await serve(async (req, body, res) => {
    const url = new URL(req.url!, issuer)
    if (url.pathname === '/.well-known/openid-configuration') {
      return json(res, 200, {
        issuer,
        authorization_endpoint: `${issuer}/auth/authorize`,
        token_endpoint: `${issuer}/auth/token`,
        revocation_endpoint: `${issuer}/auth/revoke`,
        jwks_uri: `${issuer}/auth/keys`,
        response_types_supported: ['code'],
        response_modes_supported: ['query', 'fragment', 'form_post'],
        subject_types_supported: ['pairwise'],
        id_token_signing_alg_values_supported: ['RS256'],
        scopes_supported: ['openid', 'email', 'name'],
        token_endpoint_auth_methods_supported: ['client_secret_post'],
        claims_supported: [
          'aud',
          'email',
          'email_verified',
          'exp',
          'iat',
          'is_private_email',
          'iss',
          'nonce',
          'nonce_supported',
          'real_user_status',
          'sub',
          'transfer_sub',
        ],
      })
    }
    if (url.pathname === '/auth/keys') return json(res, 200, { keys: [jwk] })
    if (url.pathname === '/auth/token' && req.method === 'POST') {
      const params = form(body)
      tokenRequests.push(params)
      // Apple answers 400 invalid_client for a client secret it cannot verify.
      try {
        const { protectedHeader } = await jwtVerify(params.client_secret ?? '', ownerKey, {
          issuer: owner.teamId,
          subject: owner.clientId,
          audience: 'https://appleid.apple.com',
          algorithms: ['ES256'],
        })
        if (protectedHeader.kid !== owner.keyId) throw new Error('kid')
      } catch {
        return json(res, 400, { error: 'invalid_client' })
      }
      if (params.client_id !== owner.clientId) return json(res, 400, { error: 'invalid_client' })
      const user = codes.get(params.code ?? '')
      codes.delete(params.code ?? '')
      if (params.grant_type !== 'authorization_code' || !user) return json(res, 400, { error: 'invalid_grant' })
      const now = Math.floor(Date.now() / 1000)
      const idToken = await new SignJWT({ email: user.email, email_verified: 'true', is_private_email: 'true', auth_time: now, nonce_supported: true })
        .setProtectedHeader({ alg: 'RS256', kid: jwk.kid })
        .setIssuer(issuer)
        .setAudience(owner.clientId)
        .setSubject(user.sub)
        .setIssuedAt(now)
        .setExpirationTime(now + 600)
        .sign(privateKey)
      return json(res, 200, {
        access_token: `a${randomBytes(16).toString('hex')}`,
        token_type: 'Bearer',
        expires_in: 3600,
        refresh_token: `r${randomBytes(16).toString('hex')}`,
        id_token: idToken,
      })
    }
    json(res, 404, { error: 'not_found' })
  })
  issuer = started.base
  return {
    ...started,
    issuer,
    tokenRequests,
    consent(user) {
      const code = `c${randomBytes(12).toString('hex')}.0.apple`
      codes.set(code, user)
      return code
    },
  }
}

export interface TikTokStandIn extends Started {
  /** Preset endpoints pointing here. */
  endpoints: { authorizationEndpoint: string; tokenEndpoint: string; profileEndpoint: string }
  consent(user: { openId: string; displayName: string; username: string }): string
}

/** TikTok Login Kit v2: the token endpoint takes `client_key`, never `client_id`. */
export async function startTikTokStandIn(app: { clientKey: string; clientSecret: string }): Promise<TikTokStandIn> {
  const codes = new Map<string, { openId: string; displayName: string; username: string }>()
  const tokens = new Map<string, { openId: string; displayName: string; username: string }>()
  const tokenRequests: Record<string, string>[] = []
  const started = await serve((req, body, res) => {
    const url = new URL(req.url!, 'http://stand-in')
    if (url.pathname === '/v2/oauth/token/' && req.method === 'POST') {
      const params = form(body)
      tokenRequests.push(params)
      if (params.client_key !== app.clientKey || params.client_secret !== app.clientSecret) {
        return json(res, 400, { error: 'invalid_client', error_description: 'Client key or secret is incorrect.', log_id: 'stand-in' })
      }
      const user = codes.get(params.code ?? '')
      codes.delete(params.code ?? '')
      if (!user) return json(res, 400, { error: 'invalid_grant', error_description: 'Authorization code is expired.', log_id: 'stand-in' })
      const accessToken = `act.${randomBytes(16).toString('hex')}`
      tokens.set(accessToken, user)
      return json(res, 200, {
        access_token: accessToken,
        expires_in: 86400,
        open_id: user.openId,
        refresh_expires_in: 31536000,
        refresh_token: `rft.${randomBytes(16).toString('hex')}`,
        scope: 'user.info.basic,user.info.profile',
        token_type: 'Bearer',
      })
    }
    if (url.pathname === '/v2/user/info/' && req.method === 'GET') {
      const user = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''))
      if (!user)
        return json(res, 401, {
          data: {},
          error: { code: 'access_token_invalid', message: 'The access token is invalid or not found in the request.', log_id: 'stand-in' },
        })
      const fields = (url.searchParams.get('fields') ?? '').split(',')
      const all: Record<string, string> = { open_id: user.openId, display_name: user.displayName, username: user.username }
      return json(res, 200, {
        data: { user: Object.fromEntries(fields.filter((f) => f in all).map((f) => [f, all[f]])) },
        error: { code: 'ok', message: '', log_id: 'stand-in' },
      })
    }
    json(res, 404, { error: 'not_found' })
  })
  return {
    ...started,
    tokenRequests,
    endpoints: {
      authorizationEndpoint: `${started.base}/v2/auth/authorize/`,
      tokenEndpoint: `${started.base}/v2/oauth/token/`,
      profileEndpoint: `${started.base}/v2/user/info/?fields=open_id,display_name,username`,
    },
    consent(user) {
      const code = randomBytes(12).toString('hex')
      codes.set(code, user)
      return code
    },
  }
}
