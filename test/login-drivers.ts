/**
 * Every login method driven end to end against a test server (server/testing.ts), for suites that
 * check a rule across all of them: a driver signs up or logs in a person of its method and answers
 * the first refusal or the auth answer.
 */
import { ed25519 } from '@noble/curves/ed25519.js'
import { base58, base64 } from '@scure/base'
import type { LightMyRequestResponse } from 'fastify'
import { exportJWK, generateKeyPair, SignJWT } from 'jose'
import { randomBytes } from 'node:crypto'
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { createSiwsMessage } from '@gatehouse/contract'
import { startDevIdp } from '../server/dev-idp.js'
import type { Harness } from '../server/testing.js'
import { startLocalChain, type LocalChain } from './evm.js'
import { deployIdRegistry, parseConnectUri, signSiwf, type FarcasterRegistry } from './farcaster.js'
import { driveIdp, pkce } from './idp-driver.js'
import { SoftPasskey } from './passkey-authenticator.js'
import { widgetResult } from './telegram.js'

type Res = LightMyRequestResponse

export const DOMAIN = 'localhost:5173'
export const ORIGIN = `http://${DOMAIN}`
const page = { origin: ORIGIN }
/** The harness's OAuth callback (its public URL is http://gatehouse.test). */
const CALLBACK = 'http://gatehouse.test/api/v1/oauth/callback'
const BOT = { botToken: '123456:AAE-gate_bot_token_for_gatehouse', botUsername: 'gatehouse_gate_bot' }
export const STATEMENT = 'By signing, you are proving you own this wallet and logging in.'

const rand = () => randomBytes(6).toString('hex')
let phones = 0

/** One login method as its client drives it. */
export interface LoginDriver<P = any> {
  name: string
  /** App settings that switch the method on (e-mail stays on: an e-mail can then be linked). */
  on(): Record<string, unknown>
  /** The admin patch that switches it off again. */
  off: Record<string, unknown>
  /** A new person who can log in with this method. */
  person(): P | Promise<P>
  /** The allowlist entry naming the person, or null when the method proves no e-mail, phone or wallet. */
  entry(person: P): string | null
  /** The whole login, first request to authenticate: the first refusal, or the auth answer. */
  login(appId: string, person: P): Promise<Res>
  guest?: boolean
}

/** What the drivers need beyond the server: a chain with the Farcaster IdRegistry, an OIDC provider, the host's JWT key. */
export interface LoginFixtures {
  chain: LocalChain
  registry: FarcasterRegistry
  idp: Awaited<ReturnType<typeof startDevIdp>>
  hostKeys: CryptoKeyPair
  publicJwk: JsonWebKey
  /** Harness options pointing Farcaster login at the chain. */
  serverOptions: { farcaster: { rpcUrl: string; idRegistryAddress: string } }
  close(): Promise<void>
}

export async function startLoginFixtures(): Promise<LoginFixtures> {
  const [chain, idp, hostKeys] = await Promise.all([
    startLocalChain(),
    startDevIdp(() => [{ client_id: 'gatehouse-test', client_secret: 'test-secret', redirect_uris: [CALLBACK] }]),
    generateKeyPair('ES256', { extractable: true }),
  ])
  const registry = await deployIdRegistry(chain)
  return {
    chain,
    registry,
    idp,
    hostKeys,
    publicJwk: await exportJWK(hostKeys.publicKey),
    serverOptions: { farcaster: { rpcUrl: chain.url, idRegistryAddress: registry.address } },
    async close() {
      await chain.close()
      await idp.close()
    },
  }
}

/** A SIWE message for the account with a fresh nonce, signed; or the refused init answer. */
export async function signSiwe(h: Harness, appId: string, account: PrivateKeyAccount): Promise<Res | { message: string; signature: string }> {
  const init = await h.post('/api/v1/siwe/init', { address: account.address }, { appId, headers: page })
  if (init.statusCode !== 200) return init
  const fields = { domain: DOMAIN, address: account.address, statement: STATEMENT, uri: ORIGIN, version: '1' as const, chainId: 1 }
  const message = createSiweMessage({ ...fields, nonce: init.json().nonce, issuedAt: new Date(h.clock.now()) })
  return { message, signature: await account.signMessage({ message }) }
}

/** A Solana keypair: the address is the base58 public key. */
export function solanaKeypair() {
  const secretKey = ed25519.utils.randomPrivateKey()
  return { secretKey, address: base58.encode(ed25519.getPublicKey(secretKey)) }
}

/** A SIWS message for the keypair with a fresh nonce, signed; or the refused init answer. */
export async function signSiws(
  h: Harness,
  appId: string,
  kp: { secretKey: Uint8Array; address: string },
): Promise<Res | { message: string; signature: string }> {
  const init = await h.post('/api/v1/siws/init', { address: kp.address }, { appId, headers: page })
  if (init.statusCode !== 200) return init
  const fields = { domain: DOMAIN, address: kp.address, statement: STATEMENT, uri: ORIGIN, version: '1' as const, chainId: 'mainnet' }
  const message = createSiwsMessage({ ...fields, nonce: init.json().nonce, issuedAt: new Date(h.clock.now()) })
  return { message, signature: base64.encode(ed25519.sign(new TextEncoder().encode(message), kp.secretKey)) }
}

/**
 * Every login method, driven as its client drives it (code, IdP pages, WebAuthn, signed SIWE / SIWS /
 * SIWF message, Telegram HMAC, host JWT, guest credential). `h` and `f` are read at call time.
 */
export function loginDrivers(h: () => Harness, f: () => LoginFixtures): LoginDriver[] {
  const post = (path: string, body: unknown, appId: string, token?: string) => h().post(`/api/v1${path}`, body, { appId, headers: page, token })
  const mode = 'login-or-sign-up'
  const withEmail = (extra: Record<string, unknown>, loginMethods: Record<string, boolean> = {}) => ({
    allowedOrigins: [ORIGIN],
    loginMethods: { email: true, ...loginMethods },
    ...extra,
  })

  const email: LoginDriver<string> = {
    name: 'email',
    on: () => withEmail({}),
    off: { loginMethods: { email: false, sms: true } },
    person: () => `p${rand()}@example.com`,
    entry: (address) => address,
    async login(appId, address) {
      const init = await post('/passwordless/init', { email: address }, appId)
      if (init.statusCode !== 200) return init
      return post('/passwordless/authenticate', { email: address, code: h().lastCode(address), mode }, appId)
    },
  }

  const sms: LoginDriver<string> = {
    name: 'sms',
    on: () => withEmail({}, { sms: true }),
    off: { loginMethods: { sms: false } },
    person: () => `+1415555${String(1000 + (phones++ % 9000))}`,
    entry: (phone) => phone,
    async login(appId, phoneNumber) {
      const init = await post('/passwordless_sms/init', { phoneNumber }, appId)
      if (init.statusCode !== 200) return init
      const code = h().server.gatehouse.mailer.outbox!.list(phoneNumber)[0]!.code!
      return post('/passwordless_sms/authenticate', { phoneNumber, code, mode }, appId)
    },
  }

  const google: LoginDriver<string> = {
    name: 'google (OAuth)',
    on: () => withEmail({ oauth: { google: { clientId: 'gatehouse-test', clientSecret: 'test-secret', issuer: f().idp.issuer } } }, { google: true }),
    off: { loginMethods: { google: false } },
    // The development IdP vouches for an e-mail-looking login name as the user's verified e-mail.
    person: () => `g${rand()}@example.com`,
    entry: (address) => address,
    login: (appId, login) => oauthLogin(appId, login),
  }

  async function oauthLogin(appId: string, login: string): Promise<Res> {
    const p = pkce()
    const init = await post('/oauth/init', { provider: 'google', redirect_to: `${ORIGIN}/`, code_challenge: p.challenge, state_code: p.state }, appId)
    if (init.statusCode !== 200) return init
    const callback = await driveIdp(init.json().url, CALLBACK, { login })
    const back = new URL((await h().get(callback.pathname + callback.search)).headers.location as string)
    const body = {
      authorization_code: back.searchParams.get('code'),
      state_code: back.searchParams.get('state'),
      code_verifier: p.verifier,
      provider: 'google',
      mode,
    }
    return post('/oauth/authenticate', body, appId)
  }

  /** A passkey and the apps it has an account in (sign-up there first, then assertions). */
  const passkey: LoginDriver<{ key: SoftPasskey; apps: Set<string> }> = {
    name: 'passkey',
    on: () => withEmail({ passkeysForSignupEnabled: true }, { passkey: true }),
    off: { loginMethods: { passkey: false } },
    person: () => ({ key: new SoftPasskey(), apps: new Set() }),
    entry: () => null,
    async login(appId, p) {
      if (!p.apps.has(appId)) {
        const init = await post('/passkeys/register/init', {}, appId)
        if (init.statusCode !== 200) return init
        const res = await post('/passkeys/register', { authenticator_response: p.key.register(init.json(), ORIGIN), mode }, appId)
        if (res.statusCode === 200) p.apps.add(appId)
        return res
      }
      const init = await post('/passkeys/authenticate/init', {}, appId)
      if (init.statusCode !== 200) return init
      return post('/passkeys/authenticate', { challenge: init.json().challenge, authenticator_response: p.key.assert(init.json(), ORIGIN), mode }, appId)
    },
  }

  const siwe: LoginDriver<PrivateKeyAccount> = {
    name: 'ethereum wallet (SIWE)',
    on: () => withEmail({}, { wallet: true }),
    off: { loginMethods: { wallet: false } },
    person: () => privateKeyToAccount(generatePrivateKey()),
    entry: (account) => account.address,
    async login(appId, account) {
      const signed = await signSiwe(h(), appId, account)
      if ('statusCode' in signed) return signed
      return post('/siwe/authenticate', { ...signed, chainId: 'eip155:1', walletClientType: 'metamask', connectorType: 'injected', mode }, appId)
    },
  }

  const siws: LoginDriver<{ secretKey: Uint8Array; address: string }> = {
    name: 'solana wallet (SIWS)',
    on: () => withEmail({}, { wallet: true }),
    off: { loginMethods: { wallet: false } },
    person: solanaKeypair,
    entry: (kp) => kp.address,
    async login(appId, kp) {
      const signed = await signSiws(h(), appId, kp)
      if ('statusCode' in signed) return signed
      return post('/siws/authenticate', { ...signed, walletClientType: 'phantom', connectorType: 'solana_adapter', mode }, appId)
    },
  }

  const telegram: LoginDriver<number> = {
    name: 'telegram',
    on: () => withEmail({ telegram: BOT }, { telegram: true }),
    off: { loginMethods: { telegram: false } },
    person: () => 100_000 + Math.floor(Math.random() * 1e9),
    entry: () => null,
    login: (appId, id) =>
      post(
        '/telegram/authenticate',
        { telegram_auth_result: widgetResult({ id, first_name: 'Tg' }, Math.floor(h().clock.now() / 1000), BOT.botToken), mode },
        appId,
      ),
  }

  const farcaster: LoginDriver<{ custody: PrivateKeyAccount; fid: number }> = {
    name: 'farcaster',
    on: () => withEmail({}, { farcaster: true }),
    off: { loginMethods: { farcaster: false } },
    async person() {
      const custody = privateKeyToAccount(generatePrivateKey())
      return { custody, fid: await f().registry.register(custody.address) }
    },
    // The custody address signs the message: the allowlist names it as a wallet.
    entry: ({ custody }) => custody.address,
    async login(appId, { custody, fid }) {
      const init = await post('/farcaster/init', { token: null }, appId)
      if (init.statusCode !== 200) return init
      const signed = await signSiwf(custody, fid, parseConnectUri(init.json().connect_uri), { issuedAt: new Date(h().clock.now()) })
      return post('/farcaster/authenticate', { channel_token: init.json().channel_token, ...signed, fid, mode }, appId)
    },
  }

  const custom: LoginDriver<string> = {
    name: 'custom token',
    on: () => withEmail({ customAuth: { issuer: 'https://host.example', audience: 'gatehouse', publicKey: JSON.stringify(f().publicJwk) } }),
    off: { customAuth: null },
    person: () => `host-user-${rand()}`,
    entry: () => null,
    async login(appId, sub) {
      const now = Math.floor(h().clock.now() / 1000)
      const token = await new SignJWT({})
        .setProtectedHeader({ alg: 'ES256' })
        .setSubject(sub)
        .setIssuer('https://host.example')
        .setAudience('gatehouse')
        .setIssuedAt(now)
        .setExpirationTime(now + 300)
        .sign(f().hostKeys.privateKey)
      return post('/custom_jwt_account/authenticate', { token, mode }, appId)
    },
  }

  const guest: LoginDriver<string> = {
    name: 'guest',
    on: () => withEmail({}, { guest: true }),
    off: { loginMethods: { guest: false } },
    person: () => randomBytes(32).toString('base64url'),
    entry: () => null,
    login: (appId, guest_credential) => post('/guest/authenticate', { guest_credential }, appId),
    guest: true,
  }

  return [email, sms, google, passkey, siwe, siws, telegram, farcaster, custom, guest]
}

/** The drivers' names, for `describe.each` before any server exists. */
export const LOGIN_DRIVER_NAMES = loginDrivers(
  () => null as never,
  () => null as never,
).map((d) => d.name)
