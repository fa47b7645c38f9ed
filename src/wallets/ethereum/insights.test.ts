import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SOL_PRICE_CHAIN_ID } from '../solana/cluster.ts'
import { appConfig, configured, resetAll } from '../../testing/harness.ts'
import { fetchUsdPrice, scanTransaction } from './insights.ts'

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

describe('the transaction scan as the confirmation screen reads it (spec part 3 §2 send/receive and scan details, §5 failed scans)', () => {
  const ACCOUNT = '0x00000000000000000000000000000000000000Aa'
  const tx = { from: ACCOUNT, to: '0x000000000000000000000000000000000000bEEF', value: '0x1', chainId: 1, nonce: 0, gas: '0x5208', type: 'eip1559' as const }
  const usdc = { type: 'ERC20', symbol: 'USDC', decimals: 6 }
  const answer = (simulation: unknown) =>
    Response.json({ validation: { status: 'Success', result_type: 'Warning', description: 'Odd contract', reason: 'unusual' }, simulation })

  beforeEach(() => {
    resetAll()
    configured({ ...appConfig(), transactionScan: { enabled: true } } as never)
    vi.stubGlobal('location', new URL('https://host.example'))
  })
  afterEach(() => vi.unstubAllGlobals())

  it("keeps the user's asset changes (value, else raw value in the asset's decimals; NFT token ids) and exposures; other addresses are left out", async () => {
    vi.stubGlobal('fetch', async () =>
      answer({
        status: 'Success',
        assets_diffs: {
          [ACCOUNT.toLowerCase()]: [
            { asset_type: 'ERC20', asset: usdc, in: [{ raw_value: '0x4c4b40' }], out: [] },
            {
              asset_type: 'NATIVE',
              asset: { type: 'NATIVE', symbol: 'ETH', decimals: 18 },
              in: [],
              out: [{ raw_value: '0x1', value: '0.000000000000000001' }],
            },
            { asset_type: 'ERC721', asset: { type: 'ERC721', name: 'Tickets' }, in: [{ raw_value: '0x1', token_id: '0x0c' }], out: [] },
          ],
          '0x00000000000000000000000000000000000000bb': [{ asset_type: 'ERC20', asset: usdc, in: [], out: [{ raw_value: '0x4c4b40' }] }],
        },
        exposures: { [ACCOUNT]: [{ asset_type: 'ERC20', asset: usdc, spenders: { '0xc0ffee': { exposure: [{ raw_value: '0x1', value: '0.000001' }] } } }] },
      }),
    )
    await expect(scanTransaction('eth_sendTransaction', tx, ACCOUNT)).resolves.toEqual({
      verdict: 'Warning',
      description: 'Odd contract',
      reason: 'unusual',
      assets: [
        { symbol: 'USDC', in: ['5'], out: [] },
        { symbol: 'ETH', in: [], out: ['0.000000000000000001'] },
        { symbol: 'Tickets', in: ['#12'], out: [] },
      ],
      exposures: [{ symbol: 'USDC', spender: '0xc0ffee', amounts: ['0.000001'] }],
    })
  })

  it('a failed simulation or an empty token list is a failed scan (null: the basic amount view)', async () => {
    vi.stubGlobal('fetch', async () => answer({ status: 'Error', error: 'reverted' }))
    await expect(scanTransaction('eth_sendTransaction', tx, ACCOUNT)).resolves.toBeNull()
    vi.stubGlobal('fetch', async () => answer({ status: 'Success', assets_diffs: { [ACCOUNT]: [] }, exposures: {} }))
    await expect(scanTransaction('eth_sendTransaction', tx, ACCOUNT)).resolves.toBeNull()
    vi.stubGlobal('fetch', async () => answer({ status: 'Success', assets_diffs: {}, exposures: {} }))
    await expect(scanTransaction('eth_sendTransaction', tx, ACCOUNT)).resolves.toBeNull()
  })
})
