/**
 * The funding providers our server talks to (spec part 3 §7): the MoonPay-style card widget URL is
 * signed here (HMAC-SHA256 of the URL's query string keyed by the secret key, base64, appended as
 * `signature`, the provider's documented scheme), and the Coinbase-style on-ramp session and its
 * status come from the provider's onramp API, authenticated by a short-lived ES256 JWT signed with
 * the app's CDP key. Keys are app settings, sealed at rest (`app-secrets.ts`).
 */
import { createHmac, createPrivateKey, randomBytes, randomUUID } from 'node:crypto'
import { SignJWT } from 'jose'
import { ApiError } from '../errors.js'
import type { App } from './app-config.js'
import { COINBASE_DEFAULTS, MOONPAY_DEFAULTS } from './funding-config.js'

const PROVIDER_TIMEOUT_MS = 10_000

/** The signature the card provider checks: HMAC-SHA256(secret, '?query'), base64. */
export function moonpaySignature(url: string, secretKey: string): string {
  return createHmac('sha256', secretKey).update(new URL(url).search).digest('base64')
}

export interface MoonpaySignInput {
  address: string
  useSandbox?: boolean
  config?: {
    uiConfig?: { accentColor?: string; theme?: 'light' | 'dark' }
    paymentMethod?: string
    currencyCode?: string
    quoteCurrencyAmount?: number
  }
}

function enabledOption(app: App, method: 'card' | 'exchange', provider: 'moonpay' | 'coinbase') {
  const funding = app.config.funding
  if (!funding.enabled || funding.options.length === 0) throw new ApiError('not_supported', 'Wallet funding is not enabled')
  if (!funding.options.some((o) => ('provider' in o ? o.provider === provider : false) && (o.method === method || provider === 'coinbase')))
    throw new ApiError('not_supported', `Funding with ${provider} is not enabled for this app`)
}

/** signMoonpayOnRampUrl: the widget URL for `address`, signed; its externalTransactionId is ours, so the browser can poll it. */
export function signMoonpayOnRampUrl(app: App, input: MoonpaySignInput): { signedUrl: string; externalTransactionId: string } {
  enabledOption(app, 'card', 'moonpay')
  const moonpay = app.settings.fundingProviders.moonpay!
  // The app's sandbox switch decides; a browser asking for the sandbox of a live app gets the sandbox too (test keys buy nothing).
  const sandbox = app.config.funding.useSandbox || input.useSandbox === true
  const apiKey = sandbox ? moonpay.sandboxPublishableKey : moonpay.publishableKey
  const secret = sandbox ? moonpay.sandboxSecretKey : moonpay.secretKey
  if (!apiKey || !secret) throw new ApiError('not_supported', `The card provider has no ${sandbox ? 'sandbox' : 'live'} keys`)
  const base = sandbox ? (moonpay.sandboxWidgetUrl ?? MOONPAY_DEFAULTS.sandboxWidgetUrl) : (moonpay.widgetUrl ?? MOONPAY_DEFAULTS.widgetUrl)
  const externalTransactionId = randomUUID()
  const url = new URL(base)
  const params = url.searchParams
  params.set('apiKey', apiKey)
  params.set('walletAddress', input.address)
  params.set('externalTransactionId', externalTransactionId)
  const c = input.config ?? {}
  if (c.currencyCode) params.set('currencyCode', c.currencyCode)
  if (c.quoteCurrencyAmount != null) params.set('quoteCurrencyAmount', String(c.quoteCurrencyAmount))
  if (c.paymentMethod) params.set('paymentMethod', c.paymentMethod)
  if (c.uiConfig?.theme) params.set('theme', c.uiConfig.theme)
  if (c.uiConfig?.accentColor) params.set('colorCode', c.uiConfig.accentColor)
  const unsigned = url.toString()
  return { signedUrl: `${unsigned}&signature=${encodeURIComponent(moonpaySignature(unsigned, secret))}`, externalTransactionId }
}

/** The bearer JWT of a CDP API call (ES256, 2 minutes, bound to the method, host and path). */
export async function coinbaseJwt(keyName: string, keySecret: string, method: string, url: string): Promise<string> {
  const { host, pathname } = new URL(url)
  const now = Math.floor(Date.now() / 1000)
  return new SignJWT({ iss: 'cdp', sub: keyName, nbf: now, exp: now + 120, uri: `${method} ${host}${pathname}` })
    .setProtectedHeader({ alg: 'ES256', kid: keyName, typ: 'JWT', nonce: randomBytes(16).toString('hex') })
    .sign(createPrivateKey(keySecret))
}

async function coinbaseCall(app: App, method: 'GET' | 'POST', path: string, body?: unknown): Promise<Record<string, unknown>> {
  const coinbase = app.settings.fundingProviders.coinbase!
  if (!coinbase.apiKeySecret) throw new ApiError('not_supported', 'The exchange on-ramp has no API key secret')
  const url = `${(coinbase.apiUrl ?? COINBASE_DEFAULTS.apiUrl).replace(/\/+$/, '')}${path}`
  let response: Response
  try {
    response = await fetch(url, {
      method,
      headers: { authorization: `Bearer ${await coinbaseJwt(coinbase.apiKeyName, coinbase.apiKeySecret, method, url)}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    })
  } catch {
    throw new ApiError('funding_provider_error', 'There was an error completing Coinbase Onramp flow.')
  }
  const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>
  if (!response.ok) throw new ApiError('funding_provider_error', 'There was an error completing Coinbase Onramp flow.')
  return answer
}

/** Spec §9 Coinbase chain names; Solana is 'solana'. */
const COINBASE_CHAINS: Record<string, string> = {
  ethereum: 'ethereum',
  base: 'base',
  optimism: 'optimism',
  polygon: 'polygon',
  arbitrum: 'arbitrum',
  solana: 'solana',
}

export interface CoinbaseInitInput {
  addresses: { address: string; blockchains: string[] }[]
  assets?: string[]
}

/** initCoinbaseOnRamp: a session token for the addresses, a fresh partner user id, and the URL to open. */
export async function initCoinbaseOnRamp(app: App, input: CoinbaseInitInput, clientIp: string) {
  enabledOption(app, 'exchange', 'coinbase')
  for (const entry of input.addresses) {
    for (const chain of entry.blockchains)
      if (!COINBASE_CHAINS[chain]) throw new ApiError('invalid_data', `Unsupported blockchain for Coinbase Onramp: ${chain}`)
  }
  const answer = await coinbaseCall(app, 'POST', '/onramp/v1/token', { addresses: input.addresses, assets: input.assets, clientIp })
  const token = typeof answer.token === 'string' ? answer.token : null
  if (!token) throw new ApiError('funding_provider_error', 'There was an error completing Coinbase Onramp flow.')
  const partnerUserId = randomUUID()
  const payUrl = (app.settings.fundingProviders.coinbase!.payUrl ?? COINBASE_DEFAULTS.payUrl).replace(/\/+$/, '')
  return { partner_user_id: partnerUserId, session_token: token, app_id: app.id, url: `${payUrl}/buy/select-asset` }
}

/** getCoinbaseOnRampStatus: the newest transaction of the partner user: success, failure, or pending while none is final. */
export async function getCoinbaseOnRampStatus(app: App, partnerUserId: string): Promise<{ status: 'pending' | 'success' | 'failure'; tx_hash: string | null }> {
  enabledOption(app, 'exchange', 'coinbase')
  const answer = await coinbaseCall(app, 'GET', `/onramp/v1/buy/user/${encodeURIComponent(partnerUserId)}/transactions`)
  const [latest] = Array.isArray(answer.transactions) ? (answer.transactions as Record<string, unknown>[]) : []
  const status = String(latest?.status ?? '')
  const txHash = typeof latest?.tx_hash === 'string' && latest.tx_hash ? latest.tx_hash : null
  if (status === 'ONRAMP_TRANSACTION_STATUS_SUCCESS') return { status: 'success', tx_hash: txHash }
  if (status === 'ONRAMP_TRANSACTION_STATUS_FAILED') return { status: 'failure', tx_hash: txHash }
  return { status: 'pending', tx_hash: txHash }
}
