/**
 * The development chain of `npm start`: the test token artifact it deploys is the compile of its
 * source, and the faucet funds an address once with test ETH and 6-decimal test USDC.
 */
import { decodeAbiParameters, encodeFunctionData } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// @ts-expect-error plain ES module shared with `npm start`
import { FAUCET_ETH, FAUCET_TOKEN, startDevFaucet, startLocalChain, TEST_TOKEN } from '../scripts/lib/local-chain.mjs'
import { compileContracts } from './evm.ts'

describe('development chain and faucet', () => {
  let chain: any
  beforeAll(async () => {
    chain = await startLocalChain()
  })
  afterAll(() => chain?.close())

  it('the committed test token artifact is the compile of test/contracts/TestToken.sol', () => {
    const compiled = compileContracts('TestToken.sol').TestToken!
    expect(TEST_TOKEN.bytecode).toBe(compiled.bytecode)
    expect(TEST_TOKEN.abi).toEqual(compiled.abi)
  })

  it('POST /faucet gives a new address test ETH and test USDC once', async () => {
    const { token, faucetUrl } = await startDevFaucet(chain)
    const address = '0x1111111111111111111111111111111111111111'
    const first = await (await fetch(faucetUrl, { method: 'POST', body: JSON.stringify({ address }) })).json()
    expect(first).toEqual({ funded: true, token })
    const again = await (await fetch(faucetUrl, { method: 'POST', body: JSON.stringify({ address }) })).json()
    expect(again.funded).toBe(false)
    expect(BigInt(await chain.request('eth_getBalance', [address, 'latest']))).toBe(FAUCET_ETH)
    const read = async (functionName: string, args: unknown[] = []) =>
      chain.request('eth_call', [{ to: token, data: encodeFunctionData({ abi: TEST_TOKEN.abi, functionName, args } as never) }, 'latest'])
    expect(decodeAbiParameters([{ type: 'uint256' }], await read('balanceOf', [address]))[0]).toBe(FAUCET_TOKEN)
    expect(decodeAbiParameters([{ type: 'uint8' }], await read('decimals'))[0]).toBe(6)
    const bad = await fetch(faucetUrl, { method: 'POST', body: JSON.stringify({ address: 'nope' }) })
    expect(bad.status).toBe(400)
  })
})
