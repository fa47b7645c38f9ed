/**
 * SIWE with smart-contract wallets (EIP-1271 deployed, EIP-6492 counterfactual), verified for real
 * against a local EVM (EDR) that the app names in `rpcUrls`; counterfactual ones only from a factory
 * the app lists in `erc6492Factories`.
 */
import { createWalletClient, encodeFunctionData, http, publicActions, type Abi, type Address, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { serializeErc6492Signature } from 'viem/utils'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { compileContracts, startLocalChain, type LocalChain } from '../../test/evm.js'
import { forEachDatabase, startHarness, type Harness } from '../testing.js'

const DOMAIN = 'localhost:5173'
const ORIGIN = `http://${DOMAIN}`
const contracts = compileContracts('OwnerWallet.sol')

forEachDatabase((target) => {
  let h: Harness
  let chain: LocalChain
  let appId: string
  let plainAppId: string
  let unlistedAppId: string
  let factory: Address
  const client = () =>
    createWalletClient({
      account: privateKeyToAccount(chain.deployerKey),
      transport: http(chain.url),
      chain: { id: chain.chainId, name: 'local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [chain.url] } } },
    }).extend(publicActions)

  beforeAll(async () => {
    chain = await startLocalChain()
    h = await startHarness(target)
    appId = await h.createApp({ name: 'Contract wallets', loginMethods: { email: true, wallet: true }, rpcUrls: { [`eip155:${chain.chainId}`]: chain.url } })
    plainAppId = await h.createApp({ name: 'No RPC', loginMethods: { email: true, wallet: true } })
    const wallet = client()
    const hash = await wallet.deployContract({ abi: contracts.OwnerWalletFactory!.abi as Abi, bytecode: contracts.OwnerWalletFactory!.bytecode })
    factory = (await wallet.waitForTransactionReceipt({ hash })).contractAddress!
    expect((await h.patchApp(appId, { erc6492Factories: [factory] })).statusCode).toBe(200)
    unlistedAppId = await h.createApp({ name: 'No factory', loginMethods: { email: true, wallet: true }, rpcUrls: { [`eip155:${chain.chainId}`]: chain.url } })
  })
  afterAll(async () => {
    await h?.close()
    await chain?.close()
  })

  const factoryAbi = () => contracts.OwnerWalletFactory!.abi as Abi
  const counterfactual = async (owner: Address, salt: Hex) =>
    (await client().readContract({ address: factory, abi: factoryAbi(), functionName: 'addressOf', args: [owner, salt] })) as Address
  const deployWallet = async (owner: Address) => {
    const salt = generatePrivateKey()
    const wallet = client()
    const hash = await wallet.writeContract({ address: factory, abi: factoryAbi(), functionName: 'deploy', args: [owner, salt] })
    await wallet.waitForTransactionReceipt({ hash })
    const address = await counterfactual(owner, salt)
    expect(await wallet.getCode({ address })).toMatch(/^0x[0-9a-f]{10,}/)
    return address
  }

  const signIn = async (address: Address, signer: PrivateKeyAccount, app = appId) => {
    const init = await h.post('/api/v1/siwe/init', { address }, { appId: app, headers: { origin: ORIGIN } })
    expect(init.statusCode).toBe(200)
    const message = createSiweMessage({
      domain: DOMAIN,
      address,
      uri: ORIGIN,
      version: '1',
      chainId: chain.chainId,
      nonce: init.json().nonce,
      issuedAt: new Date(h.clock.now()),
    })
    return { message, signature: await signer.signMessage({ message }) }
  }
  const authenticate = (body: { message: string; signature: string }, app = appId) =>
    h.post(
      '/api/v1/siwe/authenticate',
      { ...body, chainId: `eip155:${chain.chainId}`, walletClientType: 'safe', connectorType: 'injected', mode: 'login-or-sign-up' },
      { appId: app, headers: { origin: ORIGIN } },
    )

  describe('EIP-1271', () => {
    it('a deployed contract wallet logs in with its owner key, and logs the same user in again', async () => {
      const owner = privateKeyToAccount(generatePrivateKey())
      const address = await deployWallet(owner.address)
      const first = await authenticate(await signIn(address, owner))
      expect(first.statusCode, first.body).toBe(200)
      expect(first.json()).toMatchObject({ is_new_user: true })
      expect(first.json().user.linked_accounts).toEqual([
        expect.objectContaining({ type: 'wallet', address, chain_type: 'ethereum', chain_id: `eip155:${chain.chainId}` }),
      ])
      const second = await authenticate(await signIn(address, owner))
      expect(second.statusCode).toBe(200)
      expect(second.json()).toMatchObject({ is_new_user: false, user: { id: first.json().user.id } })
    })

    it("error: a signature by a key that is not the contract's owner is refused", async () => {
      const owner = privateKeyToAccount(generatePrivateKey())
      const address = await deployWallet(owner.address)
      const res = await authenticate(await signIn(address, privateKeyToAccount(generatePrivateKey())))
      expect(res.statusCode).toBe(401)
      expect(res.json()).toMatchObject({ code: 'invalid_credentials' })
    })

    it('error: without an RPC URL for the chain, a contract wallet cannot log in', async () => {
      const owner = privateKeyToAccount(generatePrivateKey())
      const address = await deployWallet(owner.address)
      const res = await authenticate(await signIn(address, owner, plainAppId), plainAppId)
      expect(res.statusCode).toBe(401)
      expect(res.json()).toMatchObject({ code: 'invalid_credentials' })
    })
  })

  describe('EIP-6492', () => {
    it('a wallet that is not deployed yet logs in with a wrapped signature (factory + calldata)', async () => {
      const owner = privateKeyToAccount(generatePrivateKey())
      const salt = generatePrivateKey()
      const address = await counterfactual(owner.address, salt)
      expect(await client().getCode({ address })).toBeUndefined()
      const { message, signature } = await signIn(address, owner)
      const wrapped = serializeErc6492Signature({
        address: factory,
        data: encodeFunctionData({ abi: factoryAbi(), functionName: 'deploy', args: [owner.address, salt] }),
        signature,
      })
      const res = await authenticate({ message, signature: wrapped })
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json().user.linked_accounts[0]).toMatchObject({ address })
    })

    it("error: the owner's own wrapped signature is refused by an app that does not list the factory", async () => {
      const owner = privateKeyToAccount(generatePrivateKey())
      const salt = generatePrivateKey()
      const address = await counterfactual(owner.address, salt)
      const { message, signature } = await signIn(address, owner, unlistedAppId)
      const wrapped = serializeErc6492Signature({
        address: factory,
        data: encodeFunctionData({ abi: factoryAbi(), functionName: 'deploy', args: [owner.address, salt] }),
        signature,
      })
      const res = await authenticate({ message, signature: wrapped }, unlistedAppId)
      expect(res.statusCode).toBe(401)
      expect(res.json()).toMatchObject({ code: 'invalid_credentials', error: expect.stringContaining('smart-wallet factory') })
    })

    it('error: a wrapped signature by the wrong key is refused', async () => {
      const owner = privateKeyToAccount(generatePrivateKey())
      const salt = generatePrivateKey()
      const address = await counterfactual(owner.address, salt)
      const { message, signature } = await signIn(address, privateKeyToAccount(generatePrivateKey()))
      const wrapped = serializeErc6492Signature({
        address: factory,
        data: encodeFunctionData({ abi: factoryAbi(), functionName: 'deploy', args: [owner.address, salt] }),
        signature,
      })
      const res = await authenticate({ message, signature: wrapped })
      expect(res.statusCode).toBe(401)
    })
  })
})
