/**
 * The relay side of Sign In With Farcaster, in Farcaster AuthKit's relay wire format
 * (https://docs.farcaster.xyz/auth-kit/ , @farcaster/auth-client `createChannel`, `status`,
 * `authenticate`): the shapes, the connect URI, and the calls to an upstream relay.
 */
import type { FarcasterChannelsTable } from '../db/schema.js'
import { ApiError } from '../errors.js'

/** Profile fields the Farcaster client sends along (unverified: display only). */
export interface FarcasterProfileFields {
  username?: string
  bio?: string
  displayName?: string
  pfpUrl?: string
  verifications?: string[]
  custody?: string
}

/** What the Farcaster client posts to the relay (AuthKit's wallet client `authenticate`). */
export interface RelayAuthenticateBody extends FarcasterProfileFields {
  message: string
  signature: string
  fid: number
  authMethod?: string
}

/** The relay's status answer (AuthKit `StatusAPIResponse`). */
export interface ChannelStatus extends FarcasterProfileFields {
  state: 'pending' | 'completed'
  nonce: string
  url: string
  message?: string
  signature?: string
  fid?: number
}

/** AuthKit `CreateChannelRequest` (the fields we use). */
export interface ChannelParams {
  siweUri: string
  domain: string
  nonce?: string
  notBefore?: string
  expirationTime?: string
}

/** `farcaster://connect?channelToken=…&nonce=…&siweUri=…&domain=…` (AuthKit's parseSignInURI reads these). */
export function connectUri(token: string, params: ChannelParams & { nonce: string }): string {
  const query = new URLSearchParams({ channelToken: token, nonce: params.nonce, siweUri: params.siweUri, domain: params.domain })
  if (params.expirationTime) query.set('expirationTime', params.expirationTime)
  return `farcaster://connect?${query.toString()}`
}

/** AuthKit `createChannel` against an upstream relay: `POST {relay}/v1/channel` → `{ channelToken, url, nonce }`. */
export async function openUpstreamChannel(relayUrl: string, params: ChannelParams): Promise<{ channelToken: string; url: string; nonce: string }> {
  try {
    const res = await fetch(`${relayUrl}/v1/channel`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(params),
      signal: AbortSignal.timeout(10_000),
    })
    const body = (await res.json()) as { channelToken?: unknown; url?: unknown; nonce?: unknown }
    if (!res.ok || typeof body.channelToken !== 'string' || typeof body.url !== 'string' || typeof body.nonce !== 'string')
      throw new Error(`status ${res.status}`)
    return { channelToken: body.channelToken, url: body.url, nonce: body.nonce }
  } catch {
    throw new ApiError('internal_error', 'The Farcaster relay did not open a channel')
  }
}

export function statusOf(channel: FarcasterChannelsTable): ChannelStatus {
  const base: ChannelStatus = { state: channel.state, nonce: channel.nonce, url: channel.connect_uri }
  if (channel.state !== 'completed') return base
  const profile = channel.profile ? (JSON.parse(channel.profile) as Partial<RelayAuthenticateBody>) : {}
  const defined = Object.fromEntries(Object.entries(profile).filter(([, v]) => v !== undefined && v !== null))
  return { ...base, message: channel.message ?? undefined, signature: channel.signature ?? undefined, fid: Number(channel.fid), ...defined }
}

/** AuthKit `status` against an upstream relay: `GET {relay}/v1/channel/status`, channel token as bearer. */
export async function upstreamStatus(relayUrl: string, token: string): Promise<ChannelStatus> {
  try {
    const res = await fetch(`${relayUrl}/v1/channel/status`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(10_000) })
    if (!res.ok) throw new Error(`status ${res.status}`)
    return (await res.json()) as ChannelStatus
  } catch {
    // Transient for the browser: its next poll asks again.
    throw new ApiError('internal_error', 'The Farcaster relay did not answer')
  }
}
