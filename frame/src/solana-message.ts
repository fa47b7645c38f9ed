/**
 * The little of a Solana transaction message the frame must read before signing it: the accounts
 * that must sign (the first `numRequiredSignatures` static account keys). Legacy and v0 messages
 * share this prefix: [version byte 0x80|v, if versioned] header(3) compact-u16 count, keys(32 each).
 * No web3.js in the frame: this is all it needs.
 */
import { base58 } from '@scure/base'

export class SolanaMessageError extends Error {}

/** compact-u16 (shortvec): 7 bits per byte, at most 3 bytes. */
function compactU16(bytes: Uint8Array, offset: number): [value: number, next: number] {
  let value = 0
  for (let i = 0; i < 3; i++) {
    const byte = bytes[offset + i]
    if (byte === undefined) throw new SolanaMessageError('Truncated message')
    value |= (byte & 0x7f) << (7 * i)
    if ((byte & 0x80) === 0) return [value, offset + i + 1]
  }
  throw new SolanaMessageError('Invalid length')
}

/** The base58 addresses that must sign this message, in signature order. */
export function requiredSigners(message: Uint8Array): string[] {
  let offset = 0
  const first = message[0]
  if (first === undefined) throw new SolanaMessageError('Empty message')
  if (first & 0x80) {
    if ((first & 0x7f) !== 0) throw new SolanaMessageError('Unsupported message version')
    offset = 1
  }
  const signers = message[offset]
  if (signers === undefined || signers === 0) throw new SolanaMessageError('No signer')
  const [count, keysAt] = compactU16(message, offset + 3)
  // Each key, then the 32-byte recent blockhash, must be inside the message.
  if (count < signers || keysAt + 32 * count + 32 > message.length) throw new SolanaMessageError('Truncated message')
  const keys: string[] = []
  for (let i = 0; i < signers; i++) keys.push(base58.encode(message.subarray(keysAt + 32 * i, keysAt + 32 * (i + 1))))
  return keys
}
