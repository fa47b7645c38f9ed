/**
 * Verifies the frame's proofs of possession, each a statement from the contract signed by a wallet
 * key: at registration (contract/src/registration.ts) the new wallet's key names this app, this user
 * and this address; when the server's shares are replaced (contract/src/share-set.ts) the key of the
 * secret's entropy id names the new shares. Ethereum with viem (EIP-191), Solana with @noble ed25519.
 */
import { ed25519 } from '@noble/curves/ed25519.js'
import { base58, base64 } from '@scure/base'
import { verifyMessage } from 'viem'
import { registrationMessage, shareSetMessage, type ShareSetClaim } from '@gatehouse/contract'
import { ApiError } from '../errors.js'

export const PROOF_FAILED = 'The wallet registration proof does not verify'
export const SHARE_SET_PROOF_FAILED = "The new recovery data is not signed by this wallet's key"

async function signedBy(chainType: 'ethereum' | 'solana', address: string, message: string, proof: string): Promise<boolean> {
  try {
    if (chainType === 'ethereum') {
      return /^0x[0-9a-fA-F]+$/.test(proof) && (await verifyMessage({ address: address as `0x${string}`, message, signature: proof as `0x${string}` }))
    }
    return ed25519.verify(base64.decode(proof), new TextEncoder().encode(message), base58.decode(address))
  } catch {
    return false // malformed signature or key: the same answer as a wrong one
  }
}

export async function verifyRegistrationProof(
  chainType: 'ethereum' | 'solana',
  claim: { appId: string; userId: string; address: string },
  proof: string,
): Promise<void> {
  if (!(await signedBy(chainType, claim.address, registrationMessage(claim), proof))) throw new ApiError('invalid_data', PROOF_FAILED)
}

/** The entropy id is the address of the secret's first key, on the chain its verifier names. */
export async function verifyShareSetProof(verifierChain: 'ethereum' | 'solana', claim: ShareSetClaim, proof: string | undefined): Promise<void> {
  if (!proof || !(await signedBy(verifierChain, claim.entropyId, await shareSetMessage(claim), proof))) {
    throw new ApiError('invalid_share_set_proof', SHARE_SET_PROOF_FAILED)
  }
}
