import { beforeEach, describe, expect, it, vi } from 'vitest'
import { appConfig, configured, resetAll } from '../../testing/harness.ts'
import { getSmartWalletProvider } from './provider.ts'

const SMART = '0x5555555555555555555555555555555555555555'
const OWNER = '0x1111111111111111111111111111111111111111'
const requestSmartTransaction = vi.fn(async () => ({ chainId: 31337, hash: '0xtx', signature: null, userOperationHash: `0x${'ab'.repeat(32)}` }))

// The account-abstraction side is not here: the context is the smart account's address, the driver a spy.
vi.mock('./client.ts', () => ({ smartWalletContext: async () => ({ address: SMART, owner: OWNER }) }))
vi.mock('../../transactions/drivers/smartWallet.ts', () => ({ requestSmartTransaction }))

const CHAIN = {
  id: 31337,
  name: 'Local',
  rpcUrl: 'http://127.0.0.1:8545',
  blockExplorerUrl: null,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  testnet: true,
  sponsored: false,
}
const SMART_WALLETS = {
  enabled: true,
  accountType: 'solady',
  chains: [
    {
      id: 31337,
      bundlerUrl: 'http://b/rpc',
      entryPoint: OWNER,
      entryPointVersion: '0.7',
      factory: OWNER,
      paymaster: OWNER,
      paymasterUrl: 'http://api.test/api/v1/smart_wallets/paymaster',
    },
  ],
}

describe('the smart wallet EIP-1193 provider', () => {
  beforeEach(() => {
    resetAll()
    requestSmartTransaction.mockClear()
    configured({ ...appConfig(), chains: [CHAIN], defaultChain: 31337, smartWallets: SMART_WALLETS } as never)
  })

  it('eth_accounts is the smart account; capabilities: atomic batches and a paymaster service', async () => {
    const provider = getSmartWalletProvider()
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([SMART])
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
    expect(await provider.request({ method: 'wallet_getCapabilities', params: [SMART] })).toEqual({
      '0x7a69': { atomic: { status: 'supported' }, paymasterService: { supported: true } },
    })
  })

  it('wallet_sendCalls sends every call as ONE request to the smart-wallet driver and answers the operation hash as the id', async () => {
    const provider = getSmartWalletProvider()
    const calls = [
      { to: OWNER, data: '0x095ea7b3' },
      { to: OWNER, data: '0xa9059cbb', value: '0x0' },
    ]
    const answer = await provider.request({ method: 'wallet_sendCalls', params: [{ version: '2.0.0', chainId: '0x7a69', from: SMART, calls }] })
    expect(answer).toEqual({ id: `0x${'ab'.repeat(32)}` })
    expect(requestSmartTransaction).toHaveBeenCalledTimes(1)
    expect(requestSmartTransaction).toHaveBeenCalledWith(
      expect.objectContaining({
        chainId: 31337,
        requests: [expect.objectContaining({ to: OWNER, from: SMART }), expect.objectContaining({ data: '0xa9059cbb' })],
      }),
    )
    expect(await provider.request({ method: 'eth_sendTransaction', params: [{ to: OWNER, data: '0x' }] })).toBe('0xtx')
  })

  it('error: eth_signTransaction is unsupported (4200), signing for another account is 4100, an unknown chain 4902', async () => {
    const provider = getSmartWalletProvider()
    await expect(provider.request({ method: 'eth_signTransaction', params: [{ to: OWNER }] })).rejects.toMatchObject({ code: 4200 })
    await expect(provider.request({ method: 'personal_sign', params: ['0x68', OWNER] })).rejects.toMatchObject({ code: 4100 })
    await expect(provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] })).rejects.toMatchObject({ code: 4902 })
  })
})
