import { beforeEach, describe, expect, it } from 'vitest'
import { appConfig, configured, resetAll } from '../../testing/harness.ts'
import { isSmartWalletAddress, rememberSmartWallet, requireSmartWalletSettings, smartWalletSettings, smartWalletsEnabled } from './config.ts'

const CHAIN = {
  id: 31337,
  name: 'Local',
  rpcUrl: 'http://127.0.0.1:8545',
  blockExplorerUrl: null,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  testnet: true,
  sponsored: false,
}
const ENTRY_POINT = '0x0000000071727De22E5E9d8BAf0edAc6f37da032'
const FACTORY = '0x1111111111111111111111111111111111111111'

const withSmartWallets = (smartWallets: unknown) => configured({ ...appConfig(), chains: [CHAIN], defaultChain: 31337, smartWallets } as never)

describe('smart-wallet settings from the public app config', () => {
  beforeEach(() => resetAll())

  it('off: no settings, and asking for them is SMART_WALLETS_NOT_ENABLED', () => {
    configured({ ...appConfig(), chains: [CHAIN] } as never)
    expect(smartWalletsEnabled()).toBe(false)
    expect(smartWalletSettings()).toBeNull()
    expect(() => requireSmartWalletSettings()).toThrow(expect.objectContaining({ code: 'SMART_WALLETS_NOT_ENABLED' }))
  })

  it("on: the default chain's bundler, paymaster, EntryPoint and factory, URLs made absolute", () => {
    withSmartWallets({
      enabled: true,
      accountType: 'solady',
      chains: [
        {
          id: 31337,
          bundlerUrl: 'http://127.0.0.1:4337/rpc',
          paymasterUrl: '/api/v1/paymaster',
          entryPoint: ENTRY_POINT,
          entryPointVersion: '0.7',
          factory: FACTORY,
          paymaster: FACTORY,
        },
      ],
    })
    expect(smartWalletsEnabled()).toBe(true)
    const settings = smartWalletSettings()!
    expect(settings).toMatchObject({
      accountType: 'solady',
      entryPoint: { address: ENTRY_POINT, version: '0.7' },
      factoryAddress: FACTORY,
      bundlerUrl: 'http://127.0.0.1:4337/rpc',
    })
    expect(settings.chain.id).toBe(31337)
    expect(settings.paymasterUrl).toMatch(/^https?:\/\/.+\/api\/v1\/paymaster$/)
  })

  it('a chain the app did not turn them on for has none; enabled: false turns every chain off', () => {
    const chains = [
      { id: 31337, bundlerUrl: 'http://b/rpc', entryPoint: ENTRY_POINT, entryPointVersion: '0.7', factory: FACTORY, paymaster: null, paymasterUrl: null },
    ]
    withSmartWallets({ enabled: true, accountType: 'solady', chains })
    expect(smartWalletSettings(1)).toBeNull()
    expect(smartWalletSettings(31337)?.paymasterUrl).toBeNull()
    withSmartWallets({
      enabled: false,
      accountType: 'solady',
      chains: [{ chainId: 31337, bundlerUrl: 'http://b/rpc', entryPoint: ENTRY_POINT, factoryAddress: FACTORY }],
    })
    expect(smartWalletSettings(31337)).toBeNull()
  })

  it('a smart-wallet address computed on the page is recognised (any case)', () => {
    const address = '0xAbCdEf0000000000000000000000000000000001'
    expect(isSmartWalletAddress(address)).toBe(false)
    rememberSmartWallet(address, FACTORY, 31337)
    expect(isSmartWalletAddress(address.toLowerCase())).toBe(true)
  })
})
