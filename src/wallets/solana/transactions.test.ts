/**
 * Solana signing's failures before the frame signs (spec part 3 §8): a transaction the wallet
 * need not sign, a wallet frame that cannot start, a transfer the wallet cannot pay.
 */
import { Keypair, SystemProgram, TransactionMessage, VersionedTransaction } from '@solana/web3.js'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { toUser } from '../../api/user.ts'
import { $session } from '../../stores/session.ts'
import { accessToken, configured, resetAll, wireEmbeddedWallet, wireUser } from '../../testing/harness.ts'
import { SolanaDriver } from '../../transactions/drivers/solana.ts'
import { signerIndex, signInFrame } from './transactions.ts'

const frame = vi.hoisted(() => ({ ready: async (): Promise<void> => {} }))
vi.mock('../embedded/proxy.ts', () => ({ PROXY_TIMEOUTS: { solanaInitMs: 15_000 }, getWalletProxy: () => ({ ready: () => frame.ready() }) }))

const wallet = Keypair.generate().publicKey
const other = Keypair.generate().publicKey
/** A transfer paid (and so signed) by `payer`. */
const transfer = (payer = wallet) =>
  new VersionedTransaction(
    new TransactionMessage({
      payerKey: payer,
      recentBlockhash: '11111111111111111111111111111111',
      instructions: [SystemProgram.transfer({ fromPubkey: payer, toPubkey: Keypair.generate().publicKey, lamports: 1 })],
    }).compileToV0Message(),
  )

beforeEach(() => {
  resetAll()
  configured()
  frame.ready = async () => {}
  const account = wireEmbeddedWallet({
    id: 's1',
    address: wallet.toBase58(),
    chain_type: 'solana',
    entropy_id: wallet.toBase58(),
    entropy_id_verifier: 'solana-address-verifier',
  })
  const user = toUser(wireUser({ linked_accounts: [...wireUser().linked_accounts, account as never] }))
  $session.set({ status: 'authenticated', user, tokens: { token: accessToken(), refreshToken: 'r', identityToken: null } })
})

describe('Solana signing', () => {
  it("error: a transaction the wallet is no signer of reads 'Transaction does not contain public key' (TRANSACTION_FAILURE)", async () => {
    expect(signerIndex(transfer(), wallet.toBase58())).toBe(0)
    expect(() => signerIndex(transfer(other), wallet.toBase58())).toThrow(
      expect.objectContaining({ code: 'TRANSACTION_FAILURE', shortMessage: 'Transaction does not contain public key' }),
    )
    await expect(signInFrame(wallet.toBase58(), transfer(other))).rejects.toMatchObject({ shortMessage: 'Transaction does not contain public key' })
  })

  it('error: a wallet frame that cannot start names the wallet (UNKNOWN_CONNECT_WALLET_ERROR)', async () => {
    const cause = new Error('frame did not load')
    frame.ready = async () => {
      throw cause
    }
    await expect(signInFrame(wallet.toBase58(), transfer())).rejects.toMatchObject({
      code: 'UNKNOWN_CONNECT_WALLET_ERROR',
      shortMessage: `Cannot sendSolanaTransaction before embedded wallet ${wallet.toBase58()} is connected`,
      cause,
    })
  })

  it('error: a logged-out user cannot sign (MUST_BE_AUTHENTICATED)', async () => {
    $session.set({ status: 'unauthenticated', user: null, tokens: null })
    await expect(signInFrame(wallet.toBase58(), transfer())).rejects.toMatchObject({
      code: 'MUST_BE_AUTHENTICATED',
      shortMessage: 'User must be authenticated before signing with a Privy wallet',
    })
  })

  it("error: leaving a transfer the wallet cannot pay gives INSUFFICIENT_BALANCE, 'Solana wallet has insufficient funds for this transaction.'; signing only does not", () => {
    const base = { address: wallet.toBase58(), transactions: [], rpcUrl: 'http://127.0.0.1:8899' }
    const view = { hasFunds: false } as never
    expect(new SolanaDriver({ ...base, signOnly: false }).insufficient(view)).toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
      shortMessage: 'Solana wallet has insufficient funds for this transaction.',
    })
    expect(new SolanaDriver({ ...base, signOnly: true }).insufficient(view)).toBeNull()
  })
})
