/**
 * Sign-In With Solana messages: the EIP-4361 text layout with "Solana account" and a base58
 * address (the format Solana wallets implement for `solana:signIn`). Shared by the widget, which
 * builds the message, and the server, which parses and checks it; no dependencies so both can
 * import it.
 */

export interface SiwsMessage {
  domain: string
  address: string
  statement?: string
  uri: string
  version: '1'
  /** Solana cluster name, e.g. 'mainnet' or 'devnet'. */
  chainId: string
  nonce: string
  issuedAt: Date
  expirationTime?: Date
  notBefore?: Date
  requestId?: string
  resources?: string[]
}

const HEADER = ' wants you to sign in with your Solana account:'
/** base58 alphabet, 32–44 characters: the shape of an ed25519 public key address. */
export const SOLANA_ADDRESS_PATTERN = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

/**
 * The message text a wallet signs.
 *
 * @example
 * createSiwsMessage({ domain: 'shop.example', address, uri: 'https://shop.example', version: '1',
 *   chainId: 'mainnet', nonce, issuedAt: new Date() })
 */
export function createSiwsMessage(message: SiwsMessage): string {
  const lines = [`${message.domain}${HEADER}`, message.address, '']
  if (message.statement) lines.push(message.statement, '')
  lines.push(`URI: ${message.uri}`, `Version: ${message.version}`, `Chain ID: ${message.chainId}`, `Nonce: ${message.nonce}`)
  lines.push(`Issued At: ${message.issuedAt.toISOString()}`)
  if (message.expirationTime) lines.push(`Expiration Time: ${message.expirationTime.toISOString()}`)
  if (message.notBefore) lines.push(`Not Before: ${message.notBefore.toISOString()}`)
  if (message.requestId) lines.push(`Request ID: ${message.requestId}`)
  if (message.resources?.length) lines.push('Resources:', ...message.resources.map((r) => `- ${r}`))
  return lines.join('\n')
}

const FIELDS: Record<string, keyof SiwsMessage> = {
  URI: 'uri',
  Version: 'version',
  'Chain ID': 'chainId',
  Nonce: 'nonce',
  'Issued At': 'issuedAt',
  'Expiration Time': 'expirationTime',
  'Not Before': 'notBefore',
  'Request ID': 'requestId',
}
const DATES = new Set<keyof SiwsMessage>(['issuedAt', 'expirationTime', 'notBefore'])

/** Parses a message built by `createSiwsMessage`; null when it is not one (any malformed line). */
export function parseSiwsMessage(text: string): SiwsMessage | null {
  const lines = text.split('\n')
  const first = lines[0] ?? ''
  if (!first.endsWith(HEADER)) return null
  const domain = first.slice(0, -HEADER.length)
  const address = lines[1] ?? ''
  if (!domain || /\s/.test(domain) || !SOLANA_ADDRESS_PATTERN.test(address) || lines[2] !== '') return null
  let index = 3
  let statement: string | undefined
  if (lines[index] !== undefined && !lines[index]!.startsWith('URI: ')) {
    statement = lines[index]
    if (lines[index + 1] !== '') return null
    index += 2
  }
  const out: Record<string, unknown> = { domain, address, ...(statement ? { statement } : {}) }
  for (; index < lines.length; index++) {
    const line = lines[index]!
    if (line === 'Resources:') {
      const resources = lines.slice(index + 1)
      if (!resources.every((r) => r.startsWith('- '))) return null
      out.resources = resources.map((r) => r.slice(2))
      break
    }
    const colon = line.indexOf(': ')
    const key = colon > 0 ? FIELDS[line.slice(0, colon)] : undefined
    if (!key || key in out) return null
    const value = line.slice(colon + 2)
    if (DATES.has(key)) {
      const date = new Date(value)
      if (Number.isNaN(date.getTime())) return null
      out[key] = date
    } else out[key] = value
  }
  if (!out.uri || out.version !== '1' || !out.chainId || !out.nonce || !out.issuedAt) return null
  return out as unknown as SiwsMessage
}
