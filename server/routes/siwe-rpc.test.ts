/**
 * SIWE with an RPC URL the app configured: ordinary accounts (EOAs) are verified on this machine,
 * so a lying RPC cannot vouch for them; only contract wallets depend on the RPC's answers
 * (siwe-contract-wallet.test.ts checks those against a real chain). An EIP-6492 wrapper (a wallet
 * not deployed yet) reaches the RPC only when it names a factory the app lists.
 */
import { createServer, type Server } from 'node:http'
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { serializeErc6492Signature } from 'viem/utils'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { forEachDatabase, startHarness, TEST_SECRET, type Harness } from '../testing.js'
import { buildServer } from '../app.js'
import type { FastifyInstance } from 'fastify'

const DOMAIN = 'localhost:5173'
const ORIGIN = `http://${DOMAIN}`
const CHAIN_ID = 1
const TRUE_WORD = `0x${'0'.repeat(63)}1`
const LISTED_FACTORY = '0x4e59b44847b379578588920cA78FbF26c0B4956C'
const OTHER_FACTORY = '0x000000000000000000000000000000000000dEaD'

/**
 * A malicious JSON-RPC endpoint: every eth_call "succeeds" (the universal validator's true, which
 * is also what a contract's isValidSignature check reads as valid); the address has no code.
 */
async function startLyingRpc() {
  const calls: string[] = []
  const server: Server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => {
      const requests = [JSON.parse(body)].flat() as { id: number; method: string }[]
      const answers = requests.map(({ id, method }) => {
        calls.push(method)
        const result = method === 'eth_chainId' ? `0x${CHAIN_ID.toString(16)}` : method === 'eth_getCode' ? '0x' : method === 'eth_call' ? TRUE_WORD : '0x0'
        return { jsonrpc: '2.0', id, result }
      })
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(Array.isArray(JSON.parse(body)) ? answers : answers[0]))
    })
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    calls,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  }
}

forEachDatabase((target) => {
  let h: Harness
  let rpc: Awaited<ReturnType<typeof startLyingRpc>>
  let appId: string
  let factoryAppId: string
  beforeAll(async () => {
    ;[h, rpc] = await Promise.all([startHarness(target), startLyingRpc()])
    appId = await h.createApp({ name: 'Lying RPC', loginMethods: { email: true, wallet: true }, rpcUrls: { [`eip155:${CHAIN_ID}`]: rpc.url } })
    factoryAppId = await h.createApp({
      name: 'Lying RPC, one factory',
      loginMethods: { email: true, wallet: true },
      rpcUrls: { [`eip155:${CHAIN_ID}`]: rpc.url },
      erc6492Factories: [LISTED_FACTORY],
    })
  })
  afterAll(async () => {
    await h?.close()
    await rpc?.close()
  })

  /** A SIWE message for `address`, signed by `signer` (the address's own key, or anyone's). */
  const signIn = async (address: string, signer: PrivateKeyAccount, app = appId) => {
    const init = await h.post('/api/v1/siwe/init', { address }, { appId: app, headers: { origin: ORIGIN } })
    const message = createSiweMessage({
      domain: DOMAIN,
      address: address as `0x${string}`,
      uri: ORIGIN,
      version: '1',
      chainId: CHAIN_ID,
      nonce: init.json().nonce,
    })
    return { message, signature: await signer.signMessage({ message }) }
  }
  const post = (path: string, body: object, token?: string, app = appId) =>
    h.post(
      `/api/v1/siwe/${path}`,
      { ...body, chainId: `eip155:${CHAIN_ID}`, walletClientType: 'metamask', connectorType: 'injected' },
      { appId: app, token, headers: { origin: ORIGIN } },
    )
  /** The attacker's signature for `address`, wrapped as if `factory` were about to deploy a wallet there. */
  const wrappedSignIn = async (address: string, factory: `0x${string}`, app: string) => {
    const { message, signature } = await signIn(address, privateKeyToAccount(generatePrivateKey()), app)
    return { message, signature: serializeErc6492Signature({ address: factory, data: '0xdeadbeef', signature: signature as `0x${string}` }) }
  }

  it("error: a lying RPC does not log anyone in as an account whose signature is someone else's", async () => {
    const victim = privateKeyToAccount(generatePrivateKey())
    // The victim has an account; the attacker signs the victim's address with their own key.
    expect((await post('authenticate', await signIn(victim.address, victim))).statusCode).toBe(200)
    const attacker = privateKeyToAccount(generatePrivateKey())
    for (const address of [victim.address, privateKeyToAccount(generatePrivateKey()).address]) {
      const res = await post('authenticate', await signIn(address, attacker))
      expect(res.statusCode).toBe(401)
      expect(res.json()).toMatchObject({ code: 'invalid_credentials' })
    }
  })

  it('error: a lying RPC does not let a signed-in user link an address they cannot sign for', async () => {
    const me = await h.login(appId, 'rpc.linker@example.com')
    const res = await post('link', await signIn(privateKeyToAccount(generatePrivateKey()).address, privateKeyToAccount(generatePrivateKey())), me.token)
    expect(res.statusCode).toBe(401)
  })

  it("error: a lying RPC and an EIP-6492 wrapper around anyone's signature do not log in as an ordinary account (the app lists no factory)", async () => {
    const victim = privateKeyToAccount(generatePrivateKey())
    const owner = await post('authenticate', await signIn(victim.address, victim))
    expect(owner.statusCode).toBe(200)
    const before = rpc.calls.length
    const res = await post('authenticate', await wrappedSignIn(victim.address, LISTED_FACTORY, appId))
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual({
      code: 'invalid_credentials',
      error: 'Invalid wallet signature: this app does not accept wallets made by this smart-wallet factory',
    })
    // Refused before the RPC is asked anything.
    expect(rpc.calls.length).toBe(before)
  })

  it('error: a wrapper naming a factory the app does not list is refused, for login and for linking', async () => {
    const victim = privateKeyToAccount(generatePrivateKey()).address
    const login = await post('authenticate', await wrappedSignIn(victim, OTHER_FACTORY, factoryAppId), undefined, factoryAppId)
    expect(login.statusCode).toBe(401)
    expect(login.json()).toMatchObject({ code: 'invalid_credentials' })
    const me = await h.login(factoryAppId, 'rpc.wrapper.linker@example.com')
    const link = await post('link', await wrappedSignIn(victim, OTHER_FACTORY, factoryAppId), me.token, factoryAppId)
    expect(link.statusCode).toBe(401)
  })

  it('an EOA signature is verified without asking the RPC anything', async () => {
    const account = privateKeyToAccount(generatePrivateKey())
    const before = rpc.calls.length
    const res = await post('authenticate', await signIn(account.address, account))
    expect(res.statusCode).toBe(200)
    expect(rpc.calls.length).toBe(before)
  })
})

describe('RPC URLs outside development', () => {
  let server: FastifyInstance
  beforeAll(async () => {
    server = await buildServer({ dev: false, dbFile: ':memory:', smtpUrl: 'smtp://127.0.0.1:9', secret: TEST_SECRET, adminToken: 'admin-token', logger: false })
  })
  afterAll(() => server?.close())

  const create = (rpcUrls: Record<string, string>) =>
    server.inject({ method: 'POST', url: '/api/v1/admin/apps', headers: { authorization: 'Bearer admin-token' }, payload: { name: 'Prod', rpcUrls } })

  it('error: a plain-http RPC URL is refused; https is accepted', async () => {
    const plain = await create({ 'eip155:1': 'http://rpc.example' })
    expect(plain.statusCode).toBe(400)
    expect(plain.json()).toEqual({ code: 'invalid_data', error: 'rpcUrls.eip155:1 must be an https URL' })
    expect((await create({ 'eip155:1': 'https://rpc.example' })).statusCode).toBe(201)
  })
})
