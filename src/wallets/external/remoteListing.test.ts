import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WALLET_LISTING } from './listing.ts'
import { fetchRemoteListing, fromWire, REMOTE_LISTING_ENTRIES } from './remoteListing.ts'
import { walletOptions } from './walletOptions.ts'

const wire = {
  a1: {
    id: 'a1',
    name: 'Remote Wallet',
    slug: 'remote-wallet',
    chains: ['eip155:1', 'eip155:10'],
    image_url: { sm: 'https://img/sm.png', md: null },
    mobile: { native: 'remote:', universal: 'https://remote.example/ul' },
    app: { ios: 'https://apps.apple.com/app/remote' },
  },
  b2: {
    id: 'b2',
    name: 'Coinbase Smart Wallet',
    slug: 'coinbase-smart',
    chains: ['eip155:1'],
    mobile: { native: 'cbwallet:', universal: 'https://go.cb-w.com' },
  },
  c3: { id: 'fd20dc426fb37566d803205b19bbc1d4096b248ac04548e3cfb6b3a38bd033aa', name: 'Other', slug: 'coinbase-relabelled', chains: ['eip155:1'] },
  d4: { id: 'd4', name: 'MetaMask', chains: ['eip155:1'], mobile: { native: 'metamask:', universal: 'https://metamask.app.link' } },
  e5: { id: 'e5', name: 'Cosmos Only', chains: ['cosmos:cosmoshub-4'] },
  f6: { id: 'f6', name: 'Insecure Links', chains: ['eip155:1'], mobile: { native: 'insecure:', universal: 'http://insecure.example' } },
}

describe('remote wallet listing (WalletConnect Explorer v3 format)', () => {
  let server: Server
  let url = ''
  const seen: URLSearchParams[] = []
  beforeAll(async () => {
    server = createServer((req, res) => {
      const u = new URL(req.url!, 'http://x')
      seen.push(u.searchParams)
      if (u.pathname === '/broken') return res.writeHead(500).end('nope')
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ count: 6, listings: wire }))
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((r) => server.close(() => r())))

  it("sends the project id and paging; keeps remote-only Ethereum wallets; drops 'coinbase' entries, bundled names and other chains", async () => {
    const list = await fetchRemoteListing(`${url}/v3/wallets`, 'proj-1', WALLET_LISTING)
    expect(seen.at(-1)!.get('projectId')).toBe('proj-1')
    expect(seen.at(-1)!.get('entries')).toBe(String(REMOTE_LISTING_ENTRIES))
    expect(seen.at(-1)!.get('page')).toBe('1')
    expect(list.map((l) => l.name)).toEqual(['Remote Wallet', 'Insecure Links'])
    expect(list[0]).toMatchObject({
      id: 'remote',
      chains: ['ethereum'],
      mobile: { native: 'remote:', universal: 'https://remote.example/ul' },
      appStore: 'https://apps.apple.com/app/remote',
    })
    // A universal link must be https.
    expect(list[1]!.mobile.universal).toBeNull()
  })

  it('error: a failing listing service answers an empty list (the bundled list still works)', async () => {
    expect(await fetchRemoteListing(`${url}/broken`, 'p', WALLET_LISTING)).toEqual([])
    expect(await fetchRemoteListing('http://127.0.0.1:1/v3/wallets', 'p', WALLET_LISTING)).toEqual([])
  })

  it('remote wallets join the list with the wallet_connect token, as WalletConnect rows', () => {
    const remote = [fromWire(wire.a1)!]
    const rows = walletOptions({ walletList: ['metamask', 'wallet_connect'], walletConnect: true }, [], remote)
    expect(rows.map((r) => [r.label, Boolean(r.walletConnect)])).toEqual([
      ['MetaMask', false],
      ['WalletConnect', true],
      ['Remote Wallet', true],
    ])
    // Without WalletConnect configured they stay out.
    expect(walletOptions({ walletList: ['wallet_connect'], walletConnect: false }, [], remote)).toEqual([])
  })
})
