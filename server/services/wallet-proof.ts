/**
 * Verifies the frame's proof of possession for a wallet it registers (see
 * contract/src/registration.ts): the new wallet's key signed a statement naming this app, this user
 * and this address. Ethereum with viem (EIP-191), Solana with @noble ed25519.
 */
import { ed25519 } from '@noble/curves/ed25519.js'
import { base58, base64 } from '@scure/base'
import { verifyMessage } from 'viem'
import { registrationMessage } from '@gatehouse/contract'
import { ApiError } from '../errors.js'

export const PROOF_FAILED = 'The wallet registration proof does not verify'

export async function verifyRegistrationProof(
  chainType: 'ethereum' | 'solana',
  claim: { appId: string; userId: string; address: string },
  proof: string,
): Promise<void> {
  const message = registrationMessage(claim)
  let valid = false
  try {
    if (chainType === 'ethereum') {
      valid = /^0x[0-9a-fA-F]+$/.test(proof) && (await verifyMessage({ address: claim.address as `0x${string}`, message, signature: proof as `0x${string}` }))
    } else {
      valid = ed25519.verify(base64.decode(proof), new TextEncoder().encode(message), base58.decode(claim.address))
    }
  } catch {
    valid = false // malformed signature or key: the same answer as a wrong one
  }
  if (!valid) throw new ApiError('invalid_data', PROOF_FAILED)
}
