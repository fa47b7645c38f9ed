import { getWalletProxy } from './proxy.ts'

/**
 * A device proof for one login or refresh request, signed in the wallet frame by its
 * non-extractable key (the host never holds that key). Null when the frame cannot answer: the
 * login then goes on unbound, and such a session can log in but never reach a wallet's shares.
 */
export async function deviceProof(htm: string, htu: string): Promise<string | null> {
  try {
    return (await getWalletProxy().request('device:proof', { htm, htu })).proof
  } catch (error) {
    console.warn('[gatehouse] the wallet frame gave no device proof; this session will not reach embedded wallets', error)
    return null
  }
}
