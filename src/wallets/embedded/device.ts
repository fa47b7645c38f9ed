import { getWalletProxy } from './proxy.ts'

/**
 * A device proof for one request, signed in the wallet frame by its non-extractable key (the host
 * never holds that key): a login or refresh, or with `ath` (the access token's hash) another
 * state-changing call. Null when the frame cannot answer: a login then goes on unbound (it can log
 * in but never reach a wallet's shares), and a bound session's call goes without, to be refused.
 */
export async function deviceProof(htm: string, htu: string, ath?: string): Promise<string | null> {
  try {
    return (await getWalletProxy().request('device:proof', ath === undefined ? { htm, htu } : { htm, htu, ath })).proof
  } catch (error) {
    console.warn('[gatehouse] the wallet frame gave no device proof; this session will not reach embedded wallets', error)
    return null
  }
}
