/**
 * Reads the memo out of a serialized Solana transaction message (legacy or v0), for SIWS with
 * message_type 'transaction': Ledger devices cannot sign arbitrary messages, so the wallet signs
 * a transaction whose memo instruction carries the Sign-In With Solana text instead. The
 * transaction is never sent; only its signature over these exact bytes is checked.
 */
import { base58 } from '@scure/base'

const MEMO_PROGRAMS = new Set([
  'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr', // memo v2
  'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo', // memo v1
])

export interface MemoTransaction {
  /** The fee payer (first signer): the account that must have signed. */
  feePayer: string
  memo: string
}

class Reader {
  offset = 0
  constructor(private readonly bytes: Uint8Array) {}
  byte(): number {
    if (this.offset >= this.bytes.length) throw new Error('truncated transaction message')
    return this.bytes[this.offset++]!
  }
  take(n: number): Uint8Array {
    if (this.offset + n > this.bytes.length) throw new Error('truncated transaction message')
    const out = this.bytes.subarray(this.offset, this.offset + n)
    this.offset += n
    return out
  }
  /** Solana's compact-u16 ("shortvec") length prefix. */
  shortvec(): number {
    let value = 0
    for (let shift = 0; shift < 21; shift += 7) {
      const b = this.byte()
      value |= (b & 0x7f) << shift
      if ((b & 0x80) === 0) return value
    }
    throw new Error('bad length prefix')
  }
}

/** Parses the message bytes; throws on anything that is not a well-formed message with one memo. */
export function readMemoTransaction(message: Uint8Array): MemoTransaction {
  const r = new Reader(message)
  let first = r.byte()
  if (first & 0x80) {
    if ((first & 0x7f) !== 0) throw new Error('unsupported transaction version')
    first = r.byte()
  }
  const requiredSignatures = first
  r.byte() // read-only signed
  r.byte() // read-only unsigned
  const keys = Array.from({ length: r.shortvec() }, () => base58.encode(r.take(32)))
  if (requiredSignatures < 1 || keys.length < 1) throw new Error('transaction has no signer')
  r.take(32) // recent blockhash
  const memos: string[] = []
  const count = r.shortvec()
  for (let i = 0; i < count; i++) {
    const program = keys[r.byte()]
    r.take(r.shortvec()) // account indexes
    const data = r.take(r.shortvec())
    if (program && MEMO_PROGRAMS.has(program)) memos.push(new TextDecoder('utf-8', { fatal: true }).decode(data))
  }
  if (memos.length !== 1) throw new Error('expected exactly one memo instruction')
  return { feePayer: keys[0]!, memo: memos[0]! }
}

/**
 * Builds the legacy message of a transaction with one memo instruction signed by `feePayer`
 * (the widget's Ledger path; tests use it too). The blockhash is zeros: it is never submitted.
 */
export function buildMemoTransactionMessage(feePayer: string, memo: string, memoProgram = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr'): Uint8Array {
  const data = new TextEncoder().encode(memo)
  const shortvec = (n: number) => {
    const out: number[] = []
    do {
      let b = n & 0x7f
      n >>= 7
      if (n) b |= 0x80
      out.push(b)
    } while (n)
    return out
  }
  const bytes = [
    1,
    0,
    1, // one signer (fee payer), the memo program read-only unsigned
    ...shortvec(2),
    ...base58.decode(feePayer),
    ...base58.decode(memoProgram),
    ...new Uint8Array(32),
    ...shortvec(1),
    1,
    ...shortvec(1),
    0,
    ...shortvec(data.length),
    ...data,
  ]
  return Uint8Array.from(bytes)
}
