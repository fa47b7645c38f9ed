import { createHash } from 'node:crypto'
import {
  createAssociatedTokenAccountInstruction,
  createCloseAccountInstruction,
  createInitializeAccount3Instruction,
  createInitializeAccountInstruction,
  createSyncNativeInstruction,
  createTransferCheckedInstruction,
  createTransferInstruction,
  getAssociatedTokenAddressSync,
  NATIVE_MINT,
  TOKEN_PROGRAM_ID,
} from '@solana/spl-token'
import { Keypair, PublicKey, SystemProgram, TransactionInstruction } from '@solana/web3.js'
import { describe, expect, it } from 'vitest'
import { DISCRIMINATORS, lamportsOut, parseInstruction, PROGRAMS, summarize, type RawInstruction } from './instructions.ts'

const key = () => Keypair.generate().publicKey
/** A web3.js instruction as the parser reads it (what transactions.ts hands over). */
const raw = (ix: TransactionInstruction): RawInstruction => ({
  programId: ix.programId.toBase58(),
  accounts: ix.keys.map((k) => k.pubkey.toBase58()),
  data: Uint8Array.from(ix.data),
})
const anchor = (name: string) => [...createHash('sha256').update(`global:${name}`).digest().subarray(0, 8)]
const u64 = (n: bigint) => {
  const b = Buffer.alloc(8)
  b.writeBigUInt64LE(n)
  return b
}

describe('parseInstruction', () => {
  it('System transfer and create-account', () => {
    const [from, to, owner] = [key(), key(), key()]
    expect(parseInstruction(raw(SystemProgram.transfer({ fromPubkey: from, toPubkey: to, lamports: 1_500_000_000 })))).toEqual({
      type: 'sol-transfer',
      from: from.toBase58(),
      to: to.toBase58(),
      lamports: 1_500_000_000n,
    })
    const create = SystemProgram.createAccount({ fromPubkey: from, newAccountPubkey: to, lamports: 2039280, space: 165, programId: owner })
    expect(parseInstruction(raw(create))).toEqual({
      type: 'create-account',
      from: from.toBase58(),
      account: to.toBase58(),
      lamports: 2039280n,
      space: 165n,
      owner: owner.toBase58(),
    })
  })

  it('SPL Token transfer, transferChecked, init-account, close-account, sync-native', () => {
    const [src, dst, owner, mint] = [key(), key(), key(), key()]
    expect(parseInstruction(raw(createTransferInstruction(src, dst, owner, 5_000_000n)))).toMatchObject({
      type: 'spl-transfer',
      amount: 5_000_000n,
      owner: owner.toBase58(),
    })
    expect(parseInstruction(raw(createTransferCheckedInstruction(src, mint, dst, owner, 7n, 6)))).toMatchObject({
      type: 'spl-transfer',
      mint: mint.toBase58(),
      destination: dst.toBase58(),
      amount: 7n,
      decimals: 6,
    })
    expect(parseInstruction(raw(createInitializeAccountInstruction(src, mint, owner)))).toEqual({
      type: 'spl-init-account',
      account: src.toBase58(),
      mint: mint.toBase58(),
      owner: owner.toBase58(),
    })
    expect(parseInstruction(raw(createInitializeAccount3Instruction(src, mint, owner)))).toMatchObject({ type: 'spl-init-account', owner: owner.toBase58() })
    expect(parseInstruction(raw(createCloseAccountInstruction(src, dst, owner)))).toEqual({
      type: 'spl-close-account',
      account: src.toBase58(),
      destination: dst.toBase58(),
      owner: owner.toBase58(),
    })
    expect(parseInstruction(raw(createSyncNativeInstruction(src)))).toEqual({ type: 'spl-sync-native', account: src.toBase58() })
  })

  it('associated token account creation', () => {
    const [payer, owner] = [key(), key()]
    const ata = getAssociatedTokenAddressSync(NATIVE_MINT, owner)
    expect(parseInstruction(raw(createAssociatedTokenAccountInstruction(payer, ata, owner, NATIVE_MINT)))).toEqual({
      type: 'ata-creation',
      payer: payer.toBase58(),
      account: ata.toBase58(),
      owner: owner.toBase58(),
      mint: NATIVE_MINT.toBase58(),
    })
  })

  it('the Anchor discriminators are sha256("global:<name>")', () => {
    expect(DISCRIMINATORS.raydiumSwapBaseInput).toEqual(anchor('swap_base_input'))
    expect(DISCRIMINATORS.raydiumSwapBaseOutput).toEqual(anchor('swap_base_output'))
    expect(DISCRIMINATORS.jupiterSharedAccountsRoute).toEqual(anchor('shared_accounts_route'))
    expect(DISCRIMINATORS.jupiterExactOutRoute).toEqual(anchor('exact_out_route'))
  })

  it('Raydium CPMM swap_base_input / swap_base_output and AMM v4 swap_base_in', () => {
    const accounts = Array.from({ length: 13 }, key)
    const cpmm = (name: string, a: bigint, b: bigint) =>
      new TransactionInstruction({
        programId: new PublicKey(PROGRAMS.raydiumCpmm),
        keys: accounts.map((pubkey) => ({ pubkey, isSigner: false, isWritable: true })),
        data: Buffer.concat([Buffer.from(anchor(name)), u64(a), u64(b)]),
      })
    expect(parseInstruction(raw(cpmm('swap_base_input', 1_000n, 990n)))).toEqual({
      type: 'raydium-swap-base-input',
      program: PROGRAMS.raydiumCpmm,
      inputMint: accounts[10]!.toBase58(),
      outputMint: accounts[11]!.toBase58(),
      amountIn: 1_000n,
      amountOut: 990n,
    })
    expect(parseInstruction(raw(cpmm('swap_base_output', 1_010n, 1_000n)))).toMatchObject({
      type: 'raydium-swap-base-output',
      amountIn: 1_010n,
      amountOut: 1_000n,
    })
    const amm = new TransactionInstruction({
      programId: new PublicKey(PROGRAMS.raydiumAmm),
      keys: Array.from({ length: 18 }, () => ({ pubkey: key(), isSigner: false, isWritable: true })),
      data: Buffer.concat([Buffer.from([9]), u64(500n), u64(450n)]),
    })
    expect(parseInstruction(raw(amm))).toMatchObject({ type: 'raydium-swap-base-input', amountIn: 500n, amountOut: 450n })
  })

  it('Jupiter shared_accounts_route and exact_out_route (route plan of one Whirlpool step)', () => {
    const accounts = Array.from({ length: 13 }, key)
    // id u8, Vec<RoutePlanStep> (len u32; Swap::Whirlpool = 17 { a_to_b: bool }, percent, input_index, output_index)
    const plan = Buffer.from([1, 0, 0, 0, 17, 1, 100, 0, 1])
    const tail = (a: bigint, b: bigint) => Buffer.concat([u64(a), u64(b), Buffer.from([50, 0]), Buffer.from([0])])
    const jup = (name: string, withId: boolean, a: bigint, b: bigint) =>
      new TransactionInstruction({
        programId: new PublicKey(PROGRAMS.jupiter),
        keys: accounts.map((pubkey) => ({ pubkey, isSigner: false, isWritable: false })),
        data: Buffer.concat([Buffer.from(anchor(name)), withId ? Buffer.from([3]) : Buffer.alloc(0), plan, tail(a, b)]),
      })
    expect(parseInstruction(raw(jup('shared_accounts_route', true, 2_000_000n, 150_000n)))).toEqual({
      type: 'jupiter-swap-shared-accounts-route',
      program: PROGRAMS.jupiter,
      inputMint: accounts[7]!.toBase58(),
      outputMint: accounts[8]!.toBase58(),
      amountIn: 2_000_000n,
      amountOut: 150_000n,
    })
    // exact_out_route: out_amount first, then quoted_in_amount.
    expect(parseInstruction(raw(jup('exact_out_route', false, 150_000n, 2_100_000n)))).toMatchObject({
      type: 'jupiter-swap-exact-out-route',
      inputMint: accounts[5]!.toBase58(),
      outputMint: accounts[6]!.toBase58(),
      amountIn: 2_100_000n,
      amountOut: 150_000n,
    })
  })

  it('a recorded mainnet Jupiter shared_accounts_route (3-step route plan): 105000000 in, 24663017 quoted out', () => {
    // Instruction data as it appeared on chain: discriminator, id 14, a route plan of three steps, then
    // in_amount 105000000, quoted_out_amount 24663017, slippage 80 bps, platform fee 0.
    const data = Buffer.from('c1209b3341d69c810e030000003d016400011a64010234640203402c420600000000e953780100000000500000', 'hex')
    const accounts = Array.from({ length: 13 }, key)
    const ix = { programId: PROGRAMS.jupiter, accounts: accounts.map((a) => a.toBase58()), data: Uint8Array.from(data) }
    expect(parseInstruction(ix)).toEqual({
      type: 'jupiter-swap-shared-accounts-route',
      program: PROGRAMS.jupiter,
      inputMint: accounts[7]!.toBase58(),
      outputMint: accounts[8]!.toBase58(),
      amountIn: 105_000_000n,
      amountOut: 24_663_017n,
    })
  })

  it('unknown programs and unread instructions keep program and discriminator', () => {
    const program = key()
    const memo = new TransactionInstruction({ programId: program, keys: [], data: Buffer.from([0xde, 0xad, 0xbe, 0xef, 1, 2, 3, 4, 5]) })
    expect(parseInstruction(raw(memo))).toEqual({ type: 'unknown', program: program.toBase58(), discriminator: 'deadbeef01020304' })
    // SPL Token MintTo (7) is not one of the read instructions.
    const mintTo = new TransactionInstruction({ programId: TOKEN_PROGRAM_ID, keys: [], data: Buffer.concat([Buffer.from([7]), u64(1n)]) })
    expect(parseInstruction(raw(mintTo))).toMatchObject({ type: 'unknown', program: TOKEN_PROGRAM_ID.toBase58() })
    // Truncated data is unknown, not a crash.
    expect(parseInstruction({ programId: PROGRAMS.system, accounts: [], data: Uint8Array.from([2, 0, 0, 0, 1]) })).toMatchObject({ type: 'unknown' })
  })
})

describe('summarize and lamportsOut', () => {
  it('names a transfer or swap only when exactly one exists (spec §9)', () => {
    const [a, b] = [key(), key()]
    const one = parseInstruction(raw(SystemProgram.transfer({ fromPubkey: a, toPubkey: b, lamports: 10 })))
    const ata = parseInstruction(raw(createAssociatedTokenAccountInstruction(a, key(), b, NATIVE_MINT)))
    expect(summarize([one, ata]).transfer).toBe(one)
    expect(summarize([one, one]).transfer).toBeNull()
    expect(summarize([ata]).swap).toBeNull()
    expect(lamportsOut([one, one, ata], a.toBase58(), 2039280n)).toBe(20n + 2039280n)
    expect(lamportsOut([one], b.toBase58(), 0n)).toBe(0n)
  })
})
