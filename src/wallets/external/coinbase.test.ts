/**
 * Spec part 2 §9 'coinbase post-connect delay 500 ms': after the Coinbase SDK's provider connects,
 * the connection is handed on only 500 ms later (the provider settles its state first). The SDK and
 * wagmi are replaced by stand-ins that connect at once; fake timers measure the wait.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { configured, resetAll } from '../../testing/harness.ts'

const connection = { address: '0x1111111111111111111111111111111111111111', chainId: 1 }
vi.mock('@coinbase/wallet-sdk', () => ({ createCoinbaseWalletSDK: () => ({ getProvider: () => ({ request: async () => null }) }) }))
vi.mock('@wagmi/core', () => ({ injected: (options: unknown) => options }))
vi.mock('../../platform/device.ts', () => ({ isMobile: () => false }))
vi.mock('./ethereum.ts', () => ({
  SUPPORTED_CHAINS: [{ id: 1 }],
  ensureConnector: (id: string) => ({ id }),
  connectEthereum: vi.fn(async () => connection),
}))

const { connectCoinbase } = await import('./coinbase.ts')

beforeEach(() => {
  resetAll()
  configured()
  vi.useFakeTimers()
})
afterEach(() => vi.useRealTimers())

describe('Coinbase connection', () => {
  for (const type of ['coinbase_wallet', 'base_account'] as const) {
    it(`${type}: the connection resolves 500 ms after the provider connected, not earlier`, async () => {
      let result: unknown = null
      void connectCoinbase(type).then((value) => (result = value))
      await vi.advanceTimersByTimeAsync(499)
      expect(result).toBe(null)
      await vi.advanceTimersByTimeAsync(1)
      expect(result).toBe(connection)
    })
  }
})
