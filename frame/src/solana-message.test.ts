import { Keypair, MessageV0, PublicKey, SystemProgram, Transaction } from '@solana/web3.js'
import { describe, expect, it } from 'vitest'
import { requiredSigners, SolanaMessageError } from './solana-message.ts'

const blockhash = Keypair.generate().publicKey.toBase58()

describe('requiredSigners', () => {
  it('reads the fee payer and every other signer of a legacy message', () => {
    const [payer, other, to] = [Keypair.generate(), Keypair.generate(), Keypair.generate()]
    const tx = new Transaction({ feePayer: payer.publicKey, recentBlockhash: blockhash }).add(
      SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: to.publicKey, lamports: 1 }),
      SystemProgram.transfer({ fromPubkey: other.publicKey, toPubkey: to.publicKey, lamports: 1 }),
    )
    expect(requiredSigners(tx.serializeMessage())).toEqual([payer.publicKey.toBase58(), other.publicKey.toBase58()])
  })

  it('reads a v0 message (version prefix)', () => {
    const payer = Keypair.generate()
    const message = MessageV0.compile({
      payerKey: payer.publicKey,
      recentBlockhash: blockhash,
      instructions: [SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: new PublicKey(blockhash), lamports: 5 })],
    })
    expect(requiredSigners(message.serialize())).toEqual([payer.publicKey.toBase58()])
  })

  it('error: refuses truncated, empty and unknown-version messages', () => {
    const payer = Keypair.generate()
    const tx = new Transaction({ feePayer: payer.publicKey, recentBlockhash: blockhash }).add(
      SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: payer.publicKey, lamports: 1 }),
    )
    const bytes = tx.serializeMessage()
    expect(() => requiredSigners(bytes.subarray(0, 40))).toThrow(SolanaMessageError)
    expect(() => requiredSigners(new Uint8Array())).toThrow(SolanaMessageError)
    expect(() => requiredSigners(Uint8Array.from([0x81, ...bytes]))).toThrow('Unsupported message version')
  })
})
