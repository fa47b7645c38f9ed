/**
 * Spec part 3 §3 / §5: what a Solana transaction's instructions do, for the confirmation screen.
 * Only the System, SPL Token, associated-token-account, Raydium and Jupiter programs are read;
 * anything else is 'unknown' with its program and first data byte(s) as the discriminator. Pure
 * (no web3.js): instructions come in as program id, account addresses and data bytes.
 */
import { base58 } from '@scure/base'

export const PROGRAMS = {
  system: '11111111111111111111111111111111',
  token: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  token2022: 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
  associatedToken: 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL',
  /** Raydium AMM v4 (swap_base_in = 9, swap_base_out = 11). */
  raydiumAmm: '675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8',
  /** Raydium CPMM (Anchor: swap_base_input, swap_base_output). */
  raydiumCpmm: 'CPMMoo8L3F4NbTegBCKVNunggL7H1ZpdTHKxQB5qKP1C',
  jupiter: 'JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4',
} as const

/** Anchor discriminators: the first 8 bytes of sha256('global:<name>') (checked in instructions.test.ts). */
export const DISCRIMINATORS = {
  raydiumSwapBaseInput: [143, 190, 90, 218, 196, 30, 51, 222],
  raydiumSwapBaseOutput: [55, 217, 98, 86, 163, 74, 180, 173],
  jupiterSharedAccountsRoute: [193, 32, 155, 51, 65, 214, 156, 129],
  jupiterExactOutRoute: [208, 51, 239, 151, 123, 43, 237, 92],
} as const

export interface RawInstruction {
  programId: string
  accounts: string[]
  data: Uint8Array
}

export type SwapInstruction = {
  type: 'raydium-swap-base-input' | 'raydium-swap-base-output' | 'jupiter-swap-shared-accounts-route' | 'jupiter-swap-exact-out-route'
  program: string
  /** Token accounts (Raydium AMM v4) or mints (Raydium CPMM, Jupiter) in and out, when the layout names them. */
  inputMint?: string
  outputMint?: string
  /** Base units: exact for the "base" side, the limit (minimum out / maximum in) or quote for the other. */
  amountIn: bigint
  amountOut: bigint
}

export type ParsedInstruction =
  | { type: 'sol-transfer'; from: string; to: string; lamports: bigint }
  | { type: 'create-account'; from: string; account: string; lamports: bigint; space: bigint; owner: string }
  | { type: 'spl-transfer'; source: string; destination: string; owner: string; amount: bigint; mint?: string; decimals?: number }
  | { type: 'spl-init-account'; account: string; mint: string; owner?: string }
  | { type: 'spl-close-account'; account: string; destination: string; owner: string }
  | { type: 'spl-sync-native'; account: string }
  | { type: 'ata-creation'; payer: string; account: string; owner: string; mint: string }
  | SwapInstruction
  | { type: 'unknown'; program: string; discriminator: string }

const u64 = (data: Uint8Array, at: number): bigint => {
  if (at < 0 || at + 8 > data.length) throw new RangeError('short')
  return new DataView(data.buffer, data.byteOffset + at, 8).getBigUint64(0, true)
}
const u32 = (data: Uint8Array, at: number): number => {
  if (at + 4 > data.length) throw new RangeError('short')
  return new DataView(data.buffer, data.byteOffset + at, 4).getUint32(0, true)
}
const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
const startsWith = (data: Uint8Array, prefix: readonly number[]) => data.length >= prefix.length && prefix.every((b, i) => data[i] === b)
const base58Key = (bytes: Uint8Array): string => base58.encode(bytes)

function system(ix: RawInstruction): ParsedInstruction | null {
  const kind = u32(ix.data, 0)
  const [a, b] = ix.accounts
  if (kind === 2 && a && b) return { type: 'sol-transfer', from: a, to: b, lamports: u64(ix.data, 4) }
  if (kind === 0 && a && b) {
    return { type: 'create-account', from: a, account: b, lamports: u64(ix.data, 4), space: u64(ix.data, 12), owner: base58Key(ix.data.subarray(20, 52)) }
  }
  return null
}

function token(ix: RawInstruction): ParsedInstruction | null {
  const kind = ix.data[0]
  const acc = ix.accounts
  switch (kind) {
    case 3:
      return acc[2] ? { type: 'spl-transfer', source: acc[0]!, destination: acc[1]!, owner: acc[2], amount: u64(ix.data, 1) } : null
    case 12:
      return acc[3]
        ? { type: 'spl-transfer', source: acc[0]!, mint: acc[1]!, destination: acc[2]!, owner: acc[3], amount: u64(ix.data, 1), decimals: ix.data[9] }
        : null
    case 1:
      return acc[2] ? { type: 'spl-init-account', account: acc[0]!, mint: acc[1]!, owner: acc[2] } : null
    case 16:
    case 18:
      return acc[1] && ix.data.length >= 33 ? { type: 'spl-init-account', account: acc[0]!, mint: acc[1], owner: base58Key(ix.data.subarray(1, 33)) } : null
    case 9:
      return acc[2] ? { type: 'spl-close-account', account: acc[0]!, destination: acc[1]!, owner: acc[2] } : null
    case 17:
      return acc[0] ? { type: 'spl-sync-native', account: acc[0] } : null
    default:
      return null
  }
}

function raydium(ix: RawInstruction): SwapInstruction | null {
  const program = ix.programId
  if (program === PROGRAMS.raydiumAmm) {
    // AMM v4: [u8 9 | 11 (16 | 17 for the V2 forms)][u64][u64]; the user's source and destination token accounts are the 3rd and 2nd from last.
    const kind = ix.data[0]!
    if (ix.data.length < 17 || ![9, 11, 16, 17].includes(kind)) return null
    const n = ix.accounts.length
    const common = { program, inputMint: ix.accounts[n - 3], outputMint: ix.accounts[n - 2], amountIn: u64(ix.data, 1), amountOut: u64(ix.data, 9) }
    return { type: kind === 9 || kind === 16 ? 'raydium-swap-base-input' : 'raydium-swap-base-output', ...common }
  }
  // CPMM: [disc 8][u64 amount_in | max_amount_in][u64 minimum_amount_out | amount_out]; mints at accounts 10 and 11.
  const input = startsWith(ix.data, DISCRIMINATORS.raydiumSwapBaseInput)
  if (!input && !startsWith(ix.data, DISCRIMINATORS.raydiumSwapBaseOutput)) return null
  return {
    type: input ? 'raydium-swap-base-input' : 'raydium-swap-base-output',
    program,
    inputMint: ix.accounts[10],
    outputMint: ix.accounts[11],
    amountIn: u64(ix.data, 8),
    amountOut: u64(ix.data, 16),
  }
}

function jupiter(ix: RawInstruction): SwapInstruction | null {
  // Both routes end with [u64][u64][u16 slippage_bps][u8 platform_fee_bps] after a variable route plan.
  const end = ix.data.length - 19
  if (end < 8) return null
  const first = u64(ix.data, end)
  const second = u64(ix.data, end + 8)
  if (startsWith(ix.data, DISCRIMINATORS.jupiterSharedAccountsRoute)) {
    return {
      type: 'jupiter-swap-shared-accounts-route',
      program: ix.programId,
      inputMint: ix.accounts[7],
      outputMint: ix.accounts[8],
      amountIn: first,
      amountOut: second,
    }
  }
  if (startsWith(ix.data, DISCRIMINATORS.jupiterExactOutRoute)) {
    // exact_out_route: out_amount, then quoted_in_amount.
    return {
      type: 'jupiter-swap-exact-out-route',
      program: ix.programId,
      inputMint: ix.accounts[5],
      outputMint: ix.accounts[6],
      amountIn: second,
      amountOut: first,
    }
  }
  return null
}

/** One instruction, or 'unknown' (also for a known program's instruction this does not read, or malformed data). */
export function parseInstruction(ix: RawInstruction): ParsedInstruction {
  let parsed: ParsedInstruction | null = null
  try {
    if (ix.programId === PROGRAMS.system) parsed = system(ix)
    else if (ix.programId === PROGRAMS.token || ix.programId === PROGRAMS.token2022) parsed = token(ix)
    else if (ix.programId === PROGRAMS.associatedToken) {
      const [payer, account, owner, mint] = ix.accounts
      if ((ix.data.length === 0 || ix.data[0] === 0 || ix.data[0] === 1) && mint)
        parsed = { type: 'ata-creation', payer: payer!, account: account!, owner: owner!, mint }
    } else if (ix.programId === PROGRAMS.raydiumAmm || ix.programId === PROGRAMS.raydiumCpmm) parsed = raydium(ix)
    else if (ix.programId === PROGRAMS.jupiter) parsed = jupiter(ix)
  } catch {
    parsed = null
  }
  if (parsed) return parsed
  const anchorLike = ix.programId === PROGRAMS.raydiumCpmm || ix.programId === PROGRAMS.jupiter || ix.data.length >= 8
  return { type: 'unknown', program: ix.programId, discriminator: hex(ix.data.subarray(0, anchorLike ? 8 : ix.programId === PROGRAMS.system ? 4 : 1)) }
}

export const isSwap = (ix: ParsedInstruction): ix is SwapInstruction => ix.type.startsWith('raydium-') || ix.type.startsWith('jupiter-')

/**
 * Spec part 3 §9: the summary rows (Amount, Swap) name a sol-transfer, spl-transfer or swap only when
 * exactly one instruction of that kind is in the transaction.
 */
export function summarize(instructions: ParsedInstruction[]): { transfer: ParsedInstruction | null; swap: SwapInstruction | null } {
  const transfers = instructions.filter((ix) => ix.type === 'sol-transfer' || ix.type === 'spl-transfer')
  const swaps = instructions.filter(isSwap)
  return { transfer: transfers.length === 1 ? transfers[0]! : null, swap: swaps.length === 1 ? swaps[0]! : null }
}

/** Lamports the wallet pays out by these instructions (transfers and new accounts it funds), before fees. */
export function lamportsOut(instructions: ParsedInstruction[], wallet: string, ataRent: bigint): bigint {
  let total = 0n
  for (const ix of instructions) {
    if (ix.type === 'sol-transfer' && ix.from === wallet) total += ix.lamports
    if (ix.type === 'create-account' && ix.from === wallet) total += ix.lamports
    if (ix.type === 'ata-creation' && ix.payer === wallet) total += ataRent
  }
  return total
}
