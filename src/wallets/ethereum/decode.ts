/**
 * Spec part 3 §3 'Decoded call info': what a transaction's calldata does, for the confirmation
 * screen. ERC-20 and ERC-721/1155 calls are recognised; anything else is a plain 'transaction'.
 * Loaded with the confirmation screen (viem's ABI decoder).
 */
import { decodeAbiParameters, decodeFunctionData, erc20Abi, erc721Abi, parseAbi, type Hex } from 'viem'
import { chainRpc, type ChainConfig } from './chains.ts'

export interface DecodedCallInfo {
  action: 'approve' | 'transfer' | 'batch transfer' | 'mint' | 'transaction'
  functionName: string | null
  isErc20Ish: boolean
  isNFTIsh: boolean
  spender?: string
  operator?: string
  approved?: boolean
  transferFrom?: string
  transferTo?: string
  tokenId?: bigint
  tokenIds?: bigint[]
  amount?: bigint
  amounts?: bigint[]
}

const erc1155Abi = parseAbi([
  'function safeTransferFrom(address from, address to, uint256 id, uint256 amount, bytes data)',
  'function safeBatchTransferFrom(address from, address to, uint256[] ids, uint256[] amounts, bytes data)',
  'function mint(address to, uint256 amount)',
])

const plain: DecodedCallInfo = { action: 'transaction', functionName: null, isErc20Ish: false, isNFTIsh: false }

function tryDecode(abi: readonly unknown[], data: Hex): { functionName: string; args?: readonly unknown[] } | null {
  try {
    return decodeFunctionData({ abi: abi as typeof erc20Abi, data }) as { functionName: string; args?: readonly unknown[] }
  } catch {
    return null
  }
}

/** `isErc20`: whether the target answers `decimals()` (ERC-20 and ERC-721 share approve's selector). */
export function decodeCall(data: string | undefined, isErc20: boolean): DecodedCallInfo {
  if (!data || data === '0x') return plain
  const hexData = data as Hex
  const erc20 = isErc20 ? tryDecode(erc20Abi, hexData) : null
  if (erc20) {
    const args = erc20.args as readonly unknown[]
    const base = { functionName: erc20.functionName, isErc20Ish: true, isNFTIsh: false }
    if (erc20.functionName === 'approve') return { ...base, action: 'approve', spender: args[0] as string, amount: args[1] as bigint }
    if (erc20.functionName === 'transfer') return { ...base, action: 'transfer', transferTo: args[0] as string, amount: args[1] as bigint }
    if (erc20.functionName === 'transferFrom') {
      return { ...base, action: 'transfer', transferFrom: args[0] as string, transferTo: args[1] as string, amount: args[2] as bigint }
    }
  }
  const multi = tryDecode(erc1155Abi, hexData)
  if (multi) {
    const args = multi.args as readonly unknown[]
    if (multi.functionName === 'safeBatchTransferFrom') {
      return {
        action: 'batch transfer',
        functionName: multi.functionName,
        isErc20Ish: false,
        isNFTIsh: true,
        transferFrom: args[0] as string,
        transferTo: args[1] as string,
        tokenIds: args[2] as bigint[],
        amounts: args[3] as bigint[],
      }
    }
    if (multi.functionName === 'mint')
      return { action: 'mint', functionName: 'mint', isErc20Ish: isErc20, isNFTIsh: !isErc20, transferTo: args[0] as string, amount: args[1] as bigint }
    if (multi.functionName === 'safeTransferFrom' && !isErc20) {
      return {
        action: 'transfer',
        functionName: multi.functionName,
        isErc20Ish: false,
        isNFTIsh: true,
        transferFrom: args[0] as string,
        transferTo: args[1] as string,
        tokenId: args[2] as bigint,
        amount: args[3] as bigint,
      }
    }
  }
  const nft = isErc20 ? null : tryDecode(erc721Abi, hexData)
  if (nft) {
    const args = nft.args as readonly unknown[]
    const base = { functionName: nft.functionName, isErc20Ish: false, isNFTIsh: true }
    if (nft.functionName === 'approve') return { ...base, action: 'approve', spender: args[0] as string, tokenId: args[1] as bigint }
    if (nft.functionName === 'setApprovalForAll') return { ...base, action: 'approve', operator: args[0] as string, approved: args[1] as boolean }
    if (nft.functionName === 'transferFrom' || nft.functionName === 'safeTransferFrom') {
      return { ...base, action: 'transfer', transferFrom: args[0] as string, transferTo: args[1] as string, tokenId: args[2] as bigint }
    }
  }
  return { ...plain, functionName: null }
}

export interface TokenInfo {
  symbol: string | null
  /** Spec §9: 18 when the token does not say. */
  decimals: number
  isErc20: boolean
}

/** symbol() and decimals() of a contract; failures are swallowed (spec §8: metadata failures are logged). */
export async function readToken(chain: ChainConfig, address: string): Promise<TokenInfo> {
  const call = (data: string) => chainRpc(chain, 'eth_call', [{ to: address, data }, 'latest']) as Promise<Hex>
  const [decimals, symbol] = await Promise.all([
    call('0x313ce567').then(
      (r) => (r && r !== '0x' ? Number(decodeAbiParameters([{ type: 'uint8' }], r)[0]) : null),
      () => null,
    ),
    call('0x95d89b41').then(
      (r) => (r && r !== '0x' ? decodeAbiParameters([{ type: 'string' }], r)[0] : null),
      () => null,
    ),
  ])
  if (decimals === null) console.warn(`[gatehouse] Unable to read token metadata of ${address} on chain id ${chain.id}`)
  return { symbol, decimals: decimals ?? 18, isErc20: decimals !== null }
}

/** balanceOf(owner) of an ERC-20 contract (the balance card of a token call); null when it does not answer. */
export async function readTokenBalance(chain: ChainConfig, token: string, owner: string): Promise<bigint | null> {
  const data = `0x70a08231${owner.slice(2).toLowerCase().padStart(64, '0')}`
  try {
    const r = (await chainRpc(chain, 'eth_call', [{ to: token, data }, 'latest'])) as Hex
    return r && r !== '0x' ? BigInt(r) : null
  } catch {
    return null
  }
}
