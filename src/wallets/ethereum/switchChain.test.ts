import { describe, expect, it } from 'vitest'
import type { ChainConfig } from '../../api/types.ts'
import { switchOrAddChain } from './switchChain.ts'

const CHAIN: ChainConfig = {
  id: 31337,
  name: 'Local chain',
  rpcUrl: 'http://127.0.0.1:8545',
  blockExplorerUrl: null,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  testnet: true,
  sponsored: false,
}

/** A wallet on chain 1 that knows only `known` chains until one is added (EIP-3085 / EIP-3326). */
function wallet(known: string[], { switchesOnAdd = false, wrapped = false } = {}) {
  const state = { chainId: '0x1', known: new Set(known), calls: [] as { method: string; params?: unknown[] }[] }
  const provider = {
    async request({ method, params }: { method: string; params?: unknown[] }) {
      state.calls.push({ method, params })
      if (method === 'eth_chainId') return state.chainId
      const { chainId } = params![0] as { chainId: string }
      if (method === 'wallet_addEthereumChain') {
        state.known.add(chainId)
        if (switchesOnAdd) state.chainId = chainId
        return null
      }
      if (!state.known.has(chainId)) {
        const error = wrapped ? { code: -32603, data: { originalError: { code: 4902 } } } : { code: 4902 }
        throw Object.assign(new Error('Unrecognized chain ID'), error)
      }
      state.chainId = chainId
      return null
    },
  }
  return { state, provider }
}

describe('switchOrAddChain (spec part 3 §7: switch and add chain)', () => {
  it('a wallet that knows the chain is switched, nothing added', async () => {
    const { state, provider } = wallet(['0x1', '0x7a69'])
    await switchOrAddChain(provider, CHAIN)
    expect(state.chainId).toBe('0x7a69')
    expect(state.calls.map((c) => c.method)).toEqual(['eth_chainId', 'wallet_switchEthereumChain'])
  })

  it('error 4902 (the wallet lacks the chain): adds it with the EIP-3085 parameters, then switches', async () => {
    const { state, provider } = wallet(['0x1'])
    await switchOrAddChain(provider, CHAIN)
    expect(state.chainId).toBe('0x7a69')
    expect(state.calls.map((c) => c.method)).toEqual([
      'eth_chainId',
      'wallet_switchEthereumChain',
      'wallet_addEthereumChain',
      'eth_chainId',
      'wallet_switchEthereumChain',
    ])
    expect(state.calls[2]!.params).toEqual([
      { chainId: '0x7a69', chainName: 'Local chain', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: ['http://127.0.0.1:8545'] },
    ])
  })

  it('a wallet that switches on add (or wraps 4902) is not asked twice', async () => {
    const { state, provider } = wallet(['0x1'], { switchesOnAdd: true, wrapped: true })
    await switchOrAddChain(provider, CHAIN)
    expect(state.chainId).toBe('0x7a69')
    expect(state.calls.filter((c) => c.method === 'wallet_switchEthereumChain')).toHaveLength(1)
  })

  it('error: a refusal other than 4902 is passed on; nothing is added', async () => {
    const provider = {
      async request({ method }: { method: string }) {
        if (method === 'eth_chainId') return '0x1'
        throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
      },
    }
    await expect(switchOrAddChain(provider, CHAIN)).rejects.toMatchObject({ code: 4001 })
  })
})
