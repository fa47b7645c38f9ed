/**
 * The fake WalletConnect relay against the official SDK on both ends (Node): a dapp client
 * proposes, the Node test wallet pairs and approves, personal_sign round-trips over the session,
 * and the relay only ever held ciphertext. Guards the test fixture the browser tests build on.
 */
import { SignClient } from '@walletconnect/sign-client'
import { recoverMessageAddress, toHex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { startFakeRelay, type FakeRelay } from '../walletconnect-relay.ts'
import { startNodeWallet } from '../walletconnect-wallet.ts'
import { newEthereumWallet } from '../wallets.ts'

class MemoryStorage {
  private map = new Map<string, unknown>()
  async getKeys() {
    return [...this.map.keys()]
  }
  async getEntries() {
    return [...this.map.entries()]
  }
  async getItem(key: string) {
    return this.map.get(key)
  }
  async setItem(key: string, value: unknown) {
    this.map.set(key, value)
  }
  async removeItem(key: string) {
    this.map.delete(key)
  }
}

describe('fake WalletConnect relay with the official SDK on both ends', () => {
  let relay: FakeRelay
  beforeAll(async () => {
    relay = await startFakeRelay()
  })
  afterAll(async () => {
    await relay?.close()
  })

  it('pairs, settles a session and signs a message; the relay sees only ciphertext', async () => {
    const key = newEthereumWallet()
    const wallet = await startNodeWallet(relay.url, key)
    const dapp = await SignClient.init({
      projectId: 'test-project-id',
      relayUrl: relay.url,
      telemetryEnabled: false,
      customStoragePrefix: 'test-dapp',
      storage: new MemoryStorage() as never,
      logger: 'silent',
      metadata: { name: 'Dapp', description: 'test', url: 'https://dapp.test', icons: [] },
    })
    const { uri, approval } = await dapp.connect({
      optionalNamespaces: { eip155: { chains: ['eip155:1'], methods: ['personal_sign'], events: ['accountsChanged'] } },
    })
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    await wallet.pair(uri!)
    const session = await approval()
    expect(session.namespaces.eip155!.accounts).toContain(`eip155:1:${key.address}`)

    const message = 'hello from the dapp'
    const signature = await dapp.request<`0x${string}`>({
      topic: session.topic,
      chainId: 'eip155:1',
      request: { method: 'personal_sign', params: [toHex(message), key.address] },
    })
    expect(await recoverMessageAddress({ message, signature })).toBe(key.address)

    const methods = new Set(relay.calls.map((c) => c.method))
    expect(methods).toContain('wc_proposeSession')
    expect(methods).toContain('wc_approveSession')
    expect(methods).toContain('irn_publish')
    expect([...methods].some((m) => m === 'irn_subscribe' || m === 'irn_batchSubscribe')).toBe(true)
    // End-to-end encryption is the SDK's: no message the relay stored carries the plaintext.
    expect(relay.messages().length).toBeGreaterThan(3)
    for (const m of relay.messages()) expect(m.message).not.toContain('personal_sign')

    await dapp.core.relayer.transportClose()
    await wallet.close()
  })

  it('error: a socket without a valid did:key auth JWT is closed as unauthorized', async () => {
    const socket = new WebSocket(`${relay.url}/?auth=not.a.jwt&projectId=x`)
    const [code, reason] = await new Promise<[number, string]>((resolve) => socket.on('close', (c, r) => resolve([c, String(r)])))
    expect(code).toBe(3000)
    expect(reason).toMatch(/Unauthorized/)
  })
})
