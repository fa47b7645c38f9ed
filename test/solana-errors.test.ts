/**
 * Spec part 3 §8, Solana send failures, with real errors: web3.js's SendTransactionError as the
 * local cluster (litesvm) raises it, mapped by the widget's sendFailure.
 */
import { Connection, Keypair, SystemProgram, Transaction, TransactionInstruction } from '@solana/web3.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sendFailure } from '../src/wallets/solana/transactions.ts'
import { startLocalSolana, type LocalSolana } from './svm.ts'

describe('sendFailure (Solana send errors)', () => {
  let sol: LocalSolana
  let connection: Connection
  const payer = Keypair.generate()
  beforeAll(async () => {
    sol = await startLocalSolana()
    connection = new Connection(sol.url, 'confirmed')
    await sol.airdrop(payer.publicKey.toBase58(), 10_000_000)
  })
  afterAll(() => sol?.close())

  async function failure(...instructions: TransactionInstruction[]): Promise<unknown> {
    const { blockhash } = await connection.getLatestBlockhash()
    const tx = new Transaction({ feePayer: payer.publicKey, recentBlockhash: blockhash }).add(...instructions)
    tx.sign(payer)
    return connection.sendRawTransaction(tx.serialize()).then(
      () => expect.unreachable('the cluster accepted it'),
      (error: unknown) => error,
    )
  }

  it('error: insufficient lamports shows the log line the cluster gave', async () => {
    const error = await failure(SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 10 ** 12 }))
    expect(sendFailure(error).shortMessage).toMatch(/^Transfer: insufficient lamports \d+, need 1000000000000$/)
    expect(sendFailure(error).code).toBe('TRANSACTION_FAILURE')
  })

  it("error: a stale blockhash is 'Simulation failed: Blockhash not found'", async () => {
    const { blockhash } = await connection.getLatestBlockhash()
    sol.expireBlockhash()
    const tx = new Transaction({ feePayer: payer.publicKey, recentBlockhash: blockhash }).add(
      SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 1_000_000 }),
    )
    tx.sign(payer)
    const error = await connection.sendRawTransaction(tx.serialize()).then(
      () => expect.unreachable('the cluster accepted it'),
      (e: unknown) => e,
    )
    expect(sendFailure(error).shortMessage).toBe('Simulation failed: Blockhash not found')
  })

  it("error: any other failure is 'Something went wrong.'", async () => {
    // A program that does not exist.
    const error = await failure(new TransactionInstruction({ programId: Keypair.generate().publicKey, keys: [], data: Buffer.from([1]) }))
    expect(sendFailure(error).shortMessage).toBe('Something went wrong.')
  })
})
