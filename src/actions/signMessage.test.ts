import { beforeEach, describe, expect, it, vi } from 'vitest'
import { toUser } from '../api/user.ts'
import { $session } from '../stores/session.ts'
import { accessToken, configured, resetAll, wireEmbeddedWallet, wireUser } from '../testing/harness.ts'
import { signMessage } from './signMessage.ts'

// The frame is not here: requestSignature (also what the Ethereum provider calls) records and answers.
const requests = vi.hoisted(() => [] as Record<string, unknown>[])
vi.mock('../wallets/embedded/signing.ts', () => ({
  requestSignature: async (parameters: Record<string, unknown>) => {
    requests.push(parameters)
    return parameters.method === 'personal_sign' ? `0x${'ab'.repeat(65)}` : 'c2lnbmF0dXJl'
  },
}))

const ETH = '0x1111111111111111111111111111111111111111'
const SOL = 'So1ana1111111111111111111111111111111111111'
const wallet = (address: string, chainType: 'ethereum' | 'solana') =>
  wireEmbeddedWallet({ id: address, address, chain_type: chainType, entropy_id: address, entropy_id_verifier: `${chainType}-address-verifier` })

function signedIn(...wallets: ReturnType<typeof wallet>[]) {
  const user = toUser(wireUser({ linked_accounts: [...wireUser().linked_accounts, ...(wallets as never[])] }))
  $session.set({ status: 'authenticated', user, tokens: { token: accessToken(), refreshToken: 'r', identityToken: null } })
}

describe('signMessage: the wallet chain decides', () => {
  beforeEach(() => {
    resetAll()
    configured()
    requests.length = 0
  })

  it('without an address the first Ethereum wallet signs with personal_sign (0x-hex), even when a Solana wallet came first', async () => {
    signedIn(wallet(SOL, 'solana'), wallet(ETH, 'ethereum'))
    const { signature } = await signMessage({ message: 'hello', uiOptions: { title: 'T' }, showWalletUIs: false })
    expect(signature).toBe(`0x${'ab'.repeat(65)}`)
    expect(requests).toEqual([{ method: 'personal_sign', address: ETH, data: 'hello', uiOptions: { title: 'T' }, showWalletUIs: false }])
  })

  it('an address of a Solana wallet signs ed25519 over the UTF-8 bytes (base64)', async () => {
    signedIn(wallet(ETH, 'ethereum'), wallet(SOL, 'solana'))
    const { signature } = await signMessage({ message: 'hello', address: SOL })
    expect(signature).toBe('c2lnbmF0dXJl')
    expect(requests).toEqual([{ method: 'solana_signMessage', address: SOL, data: btoa('hello'), uiOptions: undefined, showWalletUIs: undefined }])
  })

  it('a user with only a Solana wallet signs with it by default', async () => {
    signedIn(wallet(SOL, 'solana'))
    await signMessage({ message: new Uint8Array([1, 2, 3]) })
    expect(requests[0]).toMatchObject({ method: 'solana_signMessage', address: SOL, data: 'AQID' })
  })

  it('bytes on an Ethereum wallet are signed as 0x-hex (personal_sign raw bytes)', async () => {
    signedIn(wallet(ETH, 'ethereum'))
    await signMessage({ message: new Uint8Array([0xde, 0xad]), address: ETH.toUpperCase().replace('0X', '0x') })
    expect(requests[0]).toMatchObject({ method: 'personal_sign', address: ETH, data: '0xdead' })
  })

  it("error: an address that is none of the user's embedded wallets", async () => {
    signedIn(wallet(ETH, 'ethereum'))
    await expect(signMessage({ message: 'hello', address: SOL })).rejects.toMatchObject({ code: 'EMBEDDED_WALLET_NOT_FOUND' })
    expect(requests).toEqual([])
  })

  it('error: no embedded wallet at all', async () => {
    signedIn()
    await expect(signMessage({ message: 'hello' })).rejects.toMatchObject({ code: 'EMBEDDED_WALLET_NOT_FOUND' })
  })

  it('error: an empty message, on either chain', async () => {
    signedIn(wallet(ETH, 'ethereum'), wallet(SOL, 'solana'))
    await expect(signMessage({ message: '' })).rejects.toMatchObject({ code: 'INVALID_MESSAGE', shortMessage: 'Message must be a non-empty string' })
    await expect(signMessage({ message: new Uint8Array(), address: SOL })).rejects.toMatchObject({ code: 'INVALID_MESSAGE' })
    expect(requests).toEqual([])
  })
})
