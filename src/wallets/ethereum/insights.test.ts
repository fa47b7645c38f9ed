import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SOL_PRICE_CHAIN_ID } from '../solana/cluster.ts'
import { configured, resetAll } from '../../testing/harness.ts'
import { fetchUsdPrice } from './insights.ts'

describe('the USD price beside amounts (spec part 3 §7, §8: price failures are logged and swallowed)', () => {
  beforeEach(() => {
    resetAll()
    configured()
  })
  afterEach(() => vi.unstubAllGlobals())

  it("a failed price request resolves null and logs 'Unable to fetch token price on chain id N', or 'Unable to fetch SOL price'", async () => {
    vi.stubGlobal('fetch', async () => Response.json({ error: 'down' }, { status: 503 }))
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      await expect(fetchUsdPrice(8453, 'ETH')).resolves.toBeNull()
      await expect(fetchUsdPrice(SOL_PRICE_CHAIN_ID, 'SOL')).resolves.toBeNull()
      expect(warn.mock.calls).toEqual([['Unable to fetch token price on chain id 8453'], ['Unable to fetch SOL price']])
    } finally {
      warn.mockRestore()
    }
  })

  it('a price the server gives is the number', async () => {
    vi.stubGlobal('fetch', async () => Response.json({ usd: 3120.5 }))
    await expect(fetchUsdPrice(8453, 'ETH')).resolves.toBe(3120.5)
  })
})
