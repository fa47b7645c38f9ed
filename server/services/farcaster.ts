/**
 * Sign In With Farcaster. Gatehouse hosts its own relay channel, speaking the wire
 * format of Farcaster's AuthKit relay (https://docs.farcaster.xyz/auth-kit/ , relay
 * `POST /v1/channel`, `GET /v1/channel/status`, `POST /v1/channel/authenticate`): the page opens a
 * channel (`farcaster/init`), shows its connect URI as a QR code, the user's Farcaster client signs
 * an EIP-4361 message carrying the channel's nonce and posts it to the relay, the page polls the
 * status and hands the signed message to `farcaster/authenticate`. Only that last step proves
 * anything: the message must name our domain and the channel's nonce, be unexpired, and be signed
 * by the custody address of its fid, read from the IdRegistry over JSON-RPC.
 */
import { createPublicClient, getAddress, http, isAddress, zeroAddress, type Address, type Hex } from 'viem'
import { generateSiweNonce, parseSiweMessage, validateSiweMessage } from 'viem/siwe'
import type { FarcasterConfig } from '../config.js'
import { randomToken, sha256 } from '../crypto/hash.js'
import {
  completeFarcasterChannel,
  deleteExpiredFarcasterChannels,
  findFarcasterChannel,
  insertFarcasterChannel,
  takeFarcasterChannel,
} from '../db/farcaster-channels.js'
import type { Db, FarcasterChannelsTable } from '../db/schema.js'
import { ApiError } from '../errors.js'
import {
  connectUri,
  openUpstreamChannel,
  statusOf,
  upstreamStatus,
  type ChannelParams,
  type ChannelStatus,
  type RelayAuthenticateBody,
} from './farcaster-relay.js'
import type { AccountService, AuthMode, ProvenAccount } from './accounts.js'
import { isMethodEnabled, type App } from './app-config.js'
import type { CaptchaService } from './captcha.js'
import type { AuthResponse } from './sessions.js'
import type { Throttle } from './throttle.js'
import type { WireUser } from './users.js'

/** SIWF constants (FIP-11): the statement and chain id every Farcaster client puts in the message. */
export const SIWF_STATEMENTS = ['Farcaster Auth', 'Farcaster Connect']
export const SIWF_CHAIN_ID = 10
const FID_RESOURCE = /^farcaster:\/\/fid\/([1-9]\d{0,19})\/?$/
const AUTH_METHOD_RESOURCE = /^farcaster:\/\/signer\/type\/(custody|authAddress)\/?$/
const LOCAL_HOST = /^(localhost|127\.0\.0\.1)(:\d{1,5})?$/

export const ID_REGISTRY_ABI = [
  { type: 'function', name: 'custodyOf', stateMutability: 'view', inputs: [{ name: 'fid', type: 'uint256' }], outputs: [{ name: 'owner', type: 'address' }] },
] as const

export type { ChannelParams, ChannelStatus, RelayAuthenticateBody }

export interface FarcasterSignedInput {
  channel_token: string
  message: string
  signature: string
  fid?: number | string
}

export interface FarcasterDeps {
  db: Db
  accounts: AccountService
  throttle: Throttle
  captcha: CaptchaService
  config: FarcasterConfig
  dev: boolean
  now: () => number
}

function channelBearer(bearer: string | null): string {
  if (!bearer) throw new ApiError('missing_or_invalid_token', 'The channel token is required as the bearer')
  return bearer
}

const failed = (why: string) => new ApiError('invalid_credentials', `Farcaster authentication failed: ${why}`)

export class FarcasterService {
  constructor(private readonly deps: FarcasterDeps) {}

  /** Opens a channel for the page at `origin`; answers the token and the URI the QR code carries. */
  async createChannel(
    app: App,
    origin: string | undefined,
    caller: { token?: string | null; ip: string },
  ): Promise<{ channel_token: string; connect_uri: string; nonce: string; expires_at: number }> {
    await this.deps.captcha.check(app, caller.token, caller.ip)
    await this.deps.throttle.initRequest(caller.ip)
    if (!isMethodEnabled(app.config, 'farcaster')) throw new ApiError('disallowed_login_method', 'Login with Farcaster not allowed')
    this.rpcUrl()
    const page = this.pageOrigin(app, origin)
    const expiresAt = this.deps.now() + this.deps.config.channelTtlSeconds * 1000
    const params = { siweUri: page.origin, domain: page.host, nonce: generateSiweNonce(), expirationTime: new Date(expiresAt).toISOString() }
    const relayUrl = this.deps.config.relayUrl
    const upstream = relayUrl ? await openUpstreamChannel(relayUrl, params) : null
    const opened = await this.insertChannel(app.id, params, expiresAt, upstream && { relayUrl: relayUrl!, ...upstream })
    return { channel_token: opened.channelToken, connect_uri: opened.url, nonce: opened.nonce, expires_at: expiresAt }
  }

  /**
   * The relay's own `POST /v1/channel` (AuthKit `createChannel`): a channel for whichever app
   * server asks, verified by that server, not here. It never logs anyone in on this server.
   */
  async relayCreateChannel(params: ChannelParams, ip: string): Promise<{ channelToken: string; url: string; nonce: string }> {
    await this.deps.throttle.initRequest(ip)
    const ttlEnd = this.deps.now() + this.deps.config.channelTtlSeconds * 1000
    const asked = params.expirationTime ? Date.parse(params.expirationTime) : NaN
    const expiresAt = Number.isFinite(asked) ? Math.min(asked, ttlEnd) : ttlEnd
    return this.insertChannel('', { ...params, nonce: params.nonce || generateSiweNonce() }, expiresAt, null)
  }

  private async insertChannel(
    appId: string,
    params: ChannelParams & { nonce: string },
    expiresAt: number,
    upstream: { relayUrl: string; channelToken: string; url: string; nonce: string } | null,
  ): Promise<{ channelToken: string; url: string; nonce: string }> {
    const token = upstream?.channelToken ?? randomToken(32)
    const nonce = upstream?.nonce ?? params.nonce
    const row: FarcasterChannelsTable = {
      channel_hash: sha256(token),
      app_id: appId,
      nonce,
      domain: params.domain,
      siwe_uri: params.siweUri,
      connect_uri: upstream?.url ?? connectUri(token, { ...params, nonce }),
      relay_url: upstream?.relayUrl ?? null,
      state: 'pending',
      message: null,
      signature: null,
      fid: null,
      profile: null,
      created_at: this.deps.now(),
      expires_at: expiresAt,
    }
    await insertFarcasterChannel(this.deps.db, row)
    return { channelToken: token, url: row.connect_uri, nonce }
  }

  /** The channel's state for whoever holds its token (the page polling it). */
  async status(token: string, app?: App): Promise<ChannelStatus> {
    let channel = await this.liveChannel(token)
    if (app && channel.app_id !== app.id) throw new ApiError('not_found', 'Unknown or expired channel')
    if (channel.relay_url && channel.state === 'pending') channel = await this.pullUpstream(token, channel)
    return statusOf(channel)
  }

  /**
   * The relay's authenticate (called by the Farcaster client): records the signed message once.
   * Only the shape is checked here (nonce and fid); `verify` does the real checks later.
   */
  async relayAuthenticate(bearer: string | null, body: RelayAuthenticateBody, relayKey: string | undefined, ip: string): Promise<ChannelStatus> {
    await this.deps.throttle.loginAttempt(ip)
    const token = channelBearer(bearer)
    const expectedKey = this.deps.config.relayKey
    // Digests are compared, so the timing of the comparison says nothing about the key.
    if (expectedKey && !(relayKey && sha256(relayKey) === sha256(expectedKey))) throw new ApiError('missing_or_invalid_token', 'Invalid relay key')
    const channel = await this.liveChannel(token)
    if (channel.relay_url) throw new ApiError('invalid_data', 'This channel lives on another relay')
    const fields = parseSiweMessage(body.message)
    if (fields.nonce !== channel.nonce) throw new ApiError('invalid_data', 'The message does not carry the channel nonce')
    if (fidOf(fields.resources) !== String(body.fid)) throw new ApiError('invalid_data', 'The message does not name this fid')
    const profile = {
      username: body.username,
      bio: body.bio,
      displayName: body.displayName,
      pfpUrl: body.pfpUrl,
      verifications: body.verifications,
      custody: body.custody,
    }
    const done = await completeFarcasterChannel(
      this.deps.db,
      channel.channel_hash,
      { message: body.message, signature: body.signature, fid: String(body.fid), profile: JSON.stringify(profile) },
      this.deps.now(),
    )
    if (!done) throw new ApiError('invalid_data', 'This channel is already completed')
    return this.status(token)
  }

  /** The relay's status: the channel token comes as the bearer. */
  relayStatus(bearer: string | null): Promise<ChannelStatus> {
    return this.status(channelBearer(bearer))
  }

  /** Sign In With Farcaster: a login attempt, then the signed message proves the account. */
  authenticate(app: App, input: FarcasterSignedInput & { mode?: AuthMode }, origin: string | undefined, ip: string): Promise<AuthResponse> {
    return this.deps.accounts.authenticate(app, ip, () => this.verify(app, input, origin), { mode: input.mode })
  }

  /** Links the account of a signed message to the signed-in user (counted like a login attempt). */
  async link(app: App, userId: string, input: FarcasterSignedInput, origin: string | undefined, ip: string): Promise<WireUser> {
    await this.deps.throttle.loginAttempt(ip)
    return this.deps.accounts.link(app, userId, await this.verify(app, input, origin))
  }

  /**
   * Proves the Farcaster account behind a signed SIWF message and spends the channel (single
   * use). Every check reads the channel first; it is deleted only once the signature holds, so a
   * failed RPC call can be retried.
   */
  async verify(app: App, input: FarcasterSignedInput, origin: string | undefined): Promise<ProvenAccount> {
    const hash = sha256(input.channel_token)
    const channel = await findFarcasterChannel(this.deps.db, hash)
    const t = this.deps.now()
    if (!channel || channel.app_id !== app.id || channel.expires_at <= t) throw failed('the channel is unknown, used or expired')
    if (origin && hostOf(origin) !== channel.domain) throw failed('the request comes from another origin than the channel')

    const fields = parseSiweMessage(input.message)
    if (!fields.address || !fields.domain || !fields.nonce || !fields.uri || fields.version !== '1') throw failed('not a Sign In With Farcaster message')
    if (!SIWF_STATEMENTS.includes(fields.statement ?? '')) throw failed('not a Sign In With Farcaster message')
    if (fields.chainId !== SIWF_CHAIN_ID) throw failed(`the chain id must be ${SIWF_CHAIN_ID}`)
    const fid = fidOf(fields.resources)
    if (!fid) throw failed('the message names no single fid')
    if (input.fid !== undefined && input.fid !== null && String(input.fid) !== fid) throw failed('fid does not match the message')
    if (channel.fid && channel.fid !== fid) throw failed('fid does not match the channel')
    if ((fields.resources ?? []).some((r) => AUTH_METHOD_RESOURCE.exec(r)?.[1] === 'authAddress')) throw failed('only custody signatures are accepted')
    if (fields.domain !== channel.domain || fields.uri !== channel.siwe_uri) throw failed('the message is for another domain')
    if (fields.nonce !== channel.nonce) throw failed('the message does not carry the channel nonce')
    if (!validateSiweMessage({ message: fields, time: new Date(t) })) throw failed('the message has expired or is not yet valid')
    if (!/^0x[0-9a-fA-F]+$/.test(input.signature)) throw failed('bad signature encoding')

    const custody = await this.custodyOf(BigInt(fid))
    if (custody === zeroAddress) throw failed(`fid ${fid} is not registered`)
    if (!isAddress(fields.address) || getAddress(fields.address) !== custody) throw failed('the message address is not the custody address of the fid')
    const client = createPublicClient({ transport: http(this.rpcUrl(), { timeout: 10_000, retryCount: 1 }) })
    const valid = await client.verifyMessage({ address: custody, message: input.message, signature: input.signature as Hex }).catch(() => false)
    if (!valid) throw failed('the signature is not by the custody address of the fid')

    const spent = await takeFarcasterChannel(this.deps.db, app.id, hash)
    if (!spent) throw failed('the channel is unknown, used or expired')
    const profile = channel.profile ? (JSON.parse(channel.profile) as Partial<RelayAuthenticateBody>) : {}
    return {
      type: 'farcaster',
      address: fid,
      displayName: profile.username ? `@${profile.username}` : `Farcaster fid ${fid}`,
      // The message was signed by the custody key: a wallet the allowlist may name.
      identifier: { kind: 'wallet', value: custody },
      details: {
        fid: Number(fid),
        owner_address: custody,
        username: profile.username ?? null,
        display_name: profile.displayName ?? null,
        bio: profile.bio ?? null,
        pfp: profile.pfpUrl ?? null,
        // A Farcaster signer is requested separately (farcaster/signer/*); none at login.
        signer_public_key: null,
      },
    }
  }

  /** Upstream mode: asks the upstream relay and keeps a completed answer in our row (verify reads it). */
  private async pullUpstream(token: string, channel: FarcasterChannelsTable): Promise<FarcasterChannelsTable> {
    const upstream = await upstreamStatus(channel.relay_url!, token)
    if (upstream.state !== 'completed' || !upstream.message || !upstream.signature || !upstream.fid) return channel
    const { message, signature, fid, username, bio, displayName, pfpUrl, verifications, custody } = upstream
    const fields = { message, signature, fid: String(fid), profile: JSON.stringify({ username, bio, displayName, pfpUrl, verifications, custody }) }
    await completeFarcasterChannel(this.deps.db, channel.channel_hash, fields, this.deps.now())
    return { ...channel, ...fields, state: 'completed' }
  }

  deleteExpired(t: number): Promise<void> {
    return deleteExpiredFarcasterChannels(this.deps.db, t)
  }

  private async custodyOf(fid: bigint): Promise<Address> {
    const client = createPublicClient({ transport: http(this.rpcUrl(), { timeout: 10_000, retryCount: 1 }) })
    try {
      const address = await client.readContract({
        address: this.deps.config.idRegistryAddress as Address,
        abi: ID_REGISTRY_ABI,
        functionName: 'custodyOf',
        args: [fid],
      })
      return getAddress(address)
    } catch {
      throw new ApiError('internal_error', 'Could not read the Farcaster IdRegistry')
    }
  }

  /** A server without an RPC URL cannot check custody: say so instead of failing later. */
  private rpcUrl(): string {
    const url = this.deps.config.rpcUrl
    if (!url)
      throw new ApiError(
        'disallowed_login_method',
        'Farcaster login is not configured on this server: set FARCASTER_RPC_URL (and FARCASTER_ID_REGISTRY_ADDRESS off Optimism mainnet).',
      )
    return url
  }

  private pageOrigin(app: App, origin: string | undefined): URL {
    let url: URL | null = null
    try {
      url = origin ? new URL(origin) : null
    } catch {
      url = null
    }
    if (!url) throw new ApiError('invalid_data', 'Farcaster login starts from a web page (Origin header required).')
    const allowed = (this.deps.dev && LOCAL_HOST.test(url.host)) || app.settings.allowedOrigins.includes(url.origin)
    if (!allowed) throw new ApiError('forbidden_origin', `Origin ${url.origin} is not allowed for this app`)
    return url
  }

  private async liveChannel(token: string): Promise<FarcasterChannelsTable> {
    const channel = token ? await findFarcasterChannel(this.deps.db, sha256(token)) : undefined
    if (!channel || channel.expires_at <= this.deps.now()) throw new ApiError('not_found', 'Unknown or expired channel')
    return channel
  }
}

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host
  } catch {
    return null
  }
}

/** The single `farcaster://fid/N` resource, or null when there is none or more than one. */
function fidOf(resources: string[] | undefined): string | null {
  const fids = (resources ?? []).map((r) => FID_RESOURCE.exec(r)?.[1]).filter((f): f is string => Boolean(f))
  return fids.length === 1 ? fids[0]! : null
}
