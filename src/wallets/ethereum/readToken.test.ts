/**
 * Spec part 3 §9 'default ERC-20 decimals 18': a contract that does not answer decimals() is read
 * with 18 decimals (and a warning); one that answers keeps its own. The chain's RPC is stubbed.
 */
import { encodeAbiParameters } from 'viem'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ChainConfig } from './chains.ts'

const answers = new Map<string, unknown>()
vi.mock('./chains.ts', () => ({
  chainRpc: async (_chain: unknown, _method: string, [{ data }]: [{ data: string }]) => {
    if (!answers.has(data)) throw new Error('execution reverted')
    return answers.get(data)
  },
}))
const { readToken } = await import('./decode.ts')

const chain = { id: 1 } as ChainConfig
const DECIMALS = '0x313ce567'
const SYMBOL = '0x95d89b41'
afterEach(() => answers.clear())

describe('ERC-20 metadata', () => {
  it('a token that does not say its decimals is read with 18', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    answers.set(SYMBOL, encodeAbiParameters([{ type: 'string' }], ['ODD']))
    expect(await readToken(chain, '0x1111111111111111111111111111111111111111')).toEqual({ symbol: 'ODD', decimals: 18, isErc20: false })
    expect(warn).toHaveBeenCalled()
    warn.mockRestore()
  })

  it('a token that says 6 keeps 6', async () => {
    answers.set(DECIMALS, encodeAbiParameters([{ type: 'uint8' }], [6]))
    answers.set(SYMBOL, encodeAbiParameters([{ type: 'string' }], ['USDC']))
    expect(await readToken(chain, '0x1111111111111111111111111111111111111111')).toEqual({ symbol: 'USDC', decimals: 6, isErc20: true })
  })
})
