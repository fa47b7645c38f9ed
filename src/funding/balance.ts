/**
 * Balance reads for the receive screen and the wallet flow: plain JSON-RPC, no viem (Ethereum:
 * eth_getBalance, ERC-20 balanceOf / symbol / decimals by eth_call; Solana: getBalance and
 * getTokenAccountsByOwner on the cluster's RPC).
 */
import { chainRpc } from '../wallets/ethereum/chains.ts'
import type { FundingConfig } from './config.ts'

const pad = (hex: string) => hex.replace(/^0x/, '').toLowerCase().padStart(64, '0')

export async function readBalance(config: FundingConfig, address = config.address): Promise<bigint> {
  // Spec §5: USDC where no address is known has no balance to read (never the native one under a USDC label).
  if (config.isUSDC && !config.erc20Address) throw new Error('No known USDC address on this network')
  if (config.chainType === 'solana') return readSolanaBalance(config, address)
  const chain = config.chain!
  if (!config.erc20Address) return BigInt((await chainRpc(chain, 'eth_getBalance', [address, 'latest'])) as string)
  const result = (await chainRpc(chain, 'eth_call', [{ to: config.erc20Address, data: `0x70a08231${pad(address)}` }, 'latest'])) as string
  return BigInt(result === '0x' ? 0 : result)
}

/** An ABI-encoded `string` return value. */
function decodeString(hex: string): string {
  const body = hex.replace(/^0x/, '')
  if (body.length < 128) return ''
  const length = parseInt(body.slice(64, 128), 16)
  const bytes = body.slice(128, 128 + length * 2).match(/../g) ?? []
  return new TextDecoder().decode(new Uint8Array(bytes.map((b) => parseInt(b, 16))))
}

/** Spec §3 erc20ContractInfo: symbol and decimals read from the token (default decimals 18, §9). */
export async function readTokenInfo(config: FundingConfig): Promise<{ symbol: string; decimals: number }> {
  const chain = config.chain!
  const call = (data: string) => chainRpc(chain, 'eth_call', [{ to: config.erc20Address, data }, 'latest']) as Promise<string>
  const [symbol, decimals] = await Promise.all([
    call('0x95d89b41').then(decodeString),
    call('0x313ce567').then((d) => (d && d !== '0x' ? Number(BigInt(d)) : 18)),
  ])
  return { symbol, decimals }
}

async function solanaRpc(url: string, method: string, params: unknown[]): Promise<any> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const reply = await response.json()
  if (reply.error) throw new Error(reply.error.message)
  return reply.result
}

async function readSolanaBalance(config: FundingConfig, address: string): Promise<bigint> {
  const url = config.cluster!.rpcUrl
  if (!config.erc20Address) return BigInt((await solanaRpc(url, 'getBalance', [address])).value)
  const accounts = await solanaRpc(url, 'getTokenAccountsByOwner', [address, { mint: config.erc20Address }, { encoding: 'jsonParsed' }])
  return (accounts.value as any[]).reduce((sum, a) => sum + BigInt(a.account.data.parsed.info.tokenAmount.amount), 0n)
}

/** A base-unit amount as a decimal string, at most 6 decimals (spec §9). */
export function formatUnits(value: bigint, decimals: number): string {
  const negative = value < 0n
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals, digits.length - decimals + 6).replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}

/** A decimal string in base units. */
export function parseUnits(text: string, decimals: number): bigint {
  const [whole = '0', fraction = ''] = text.split('.')
  return BigInt(whole || '0') * 10n ** BigInt(decimals) + BigInt((fraction.slice(0, decimals) || '0').padEnd(decimals, '0'))
}
