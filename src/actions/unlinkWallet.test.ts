import { beforeEach, describe, expect, it } from 'vitest'
import { applyAuthResponse } from '../stores/session.ts'
import { APP_ID, authResponse, configured, fakeFetch, recordEvents, resetAll, wireUser } from '../testing/harness.ts'
import { unlinkWallet } from './unlinkWallet.ts'

const ETH = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'
const SOL = '8fKaf6Y8yGbzYnXFNsdB9yiqAAHE5bNnMCQoLRPQgHNa'
const email = { type: 'email', address: 'ada@example.com' }
const wallet = (address: string, chain_type: string) => ({ type: 'wallet', address, chain_type, wallet_client_type: 'metamask' })

let events: [string, any][] = []
beforeEach(() => {
  resetAll()
  configured()
  events = recordEvents()
})

describe('unlinkWallet', () => {
  it('unlinks an Ethereum wallet through siwe/unlink and publishes unlink-success', async () => {
    applyAuthResponse(APP_ID, authResponse({ user: wireUser({ linked_accounts: [email, wallet(ETH, 'ethereum')] }) }))
    const { calls } = fakeFetch({ 'POST /siwe/unlink': { body: wireUser({ linked_accounts: [email] }) } })
    const { user } = await unlinkWallet({ address: ETH })
    expect(calls.map((c) => [c.path, c.body])).toEqual([['/siwe/unlink', { address: ETH }]])
    expect(user.linkedAccounts.map((a) => a.type)).toEqual(['email'])
    expect(events.find(([name]) => name === 'unlink-success')?.[1]).toMatchObject({ unlinkMethod: 'siwe', linkedAccount: { address: ETH } })
  })

  it('unlinks a Solana wallet through siws/unlink', async () => {
    applyAuthResponse(APP_ID, authResponse({ user: wireUser({ linked_accounts: [email, wallet(SOL, 'solana')] }) }))
    const { calls } = fakeFetch({ 'POST /siws/unlink': { body: wireUser({ linked_accounts: [email] }) } })
    await unlinkWallet({ address: SOL })
    expect(calls[0]!.path).toBe('/siws/unlink')
  })

  it('error: needs a signed-in user', async () => {
    fakeFetch({})
    await expect(unlinkWallet({ address: ETH })).rejects.toMatchObject({ code: 'MUST_BE_AUTHENTICATED' })
  })
})
