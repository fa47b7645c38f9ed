/**
 * A wallet made in advance by the owner API (issue #27, point 2; SECURITY.md "Wallets made in
 * advance"): what the wallet frame does on a device for a user's first HD secret, done here in one
 * request. The same entropy size, derivation paths and libraries as frame/src/custody.ts (the server
 * may not import frame/), so the frame rebuilds and uses the secret exactly like one it made itself.
 * The caller stores the auth share and the recovery share and drops the rest: neither the entropy
 * nor the device share leaves this function's caller's memory.
 */
import { HDKey as Bip32 } from '@scure/bip32'
import { entropyToMnemonic, mnemonicToSeed } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english'
import { base58, base64 } from '@scure/base'
import { ed25519 } from '@noble/curves/ed25519'
import { HDKey as Slip10 } from 'micro-key-producer/slip10.js'
import { split } from 'shamir-secret-sharing'
import { bytesToHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

/** As embedded-wallets.ts names them (not imported from there: that module imports this one). */
type ChainType = 'ethereum' | 'solana'

/** BIP-39 entropy of 16 bytes (12 words), as the frame draws it. */
const ENTROPY_BYTES = 16

export interface PregeneratedSecret {
  /** The secret's first address (Ethereum when asked for, else Solana), as the frame names a secret. */
  entropyId: string
  entropyIdVerifier: string
  /** Index 0 of each chain asked for, in the order asked. */
  wallets: { chain_type: ChainType; address: string }[]
  /** Base64, as the frame sends its shares to POST /wallets. */
  authShare: string
  recoveryShare: string
}

function addressOf(seed: Uint8Array, chainType: ChainType): string {
  if (chainType === 'ethereum') return privateKeyToAccount(bytesToHex(Bip32.fromMasterSeed(seed).derive(`m/44'/60'/0'/0/0`).privateKey!)).address
  return base58.encode(ed25519.getPublicKey(Slip10.fromMasterSeed(seed).derive(`m/44'/501'/0'/0'`).privateKey))
}

/** New entropy, its index-0 addresses for `chains` (distinct, at least one) and two of its three shares. */
export async function pregenerateSecret(chains: ChainType[]): Promise<PregeneratedSecret> {
  const entropy = crypto.getRandomValues(new Uint8Array(ENTROPY_BYTES))
  try {
    const seed = await mnemonicToSeed(entropyToMnemonic(entropy, wordlist))
    const wallets = chains.map((chain_type) => ({ chain_type, address: addressOf(seed, chain_type) }))
    seed.fill(0)
    const first = wallets.find((w) => w.chain_type === 'ethereum') ?? wallets[0]!
    // The device share (the first) is dropped: the user's first device keeps the recovery share instead.
    const [device, auth, recovery] = await split(entropy, 3, 2)
    device.fill(0)
    return {
      entropyId: first.address,
      entropyIdVerifier: `${first.chain_type}-address-verifier`,
      wallets,
      authShare: base64.encode(auth),
      recoveryShare: base64.encode(recovery),
    }
  } finally {
    entropy.fill(0)
  }
}
