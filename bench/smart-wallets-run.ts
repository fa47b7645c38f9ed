/**
 * The smart-wallet figures (bench/smart-wallets.mjs runs this with tsx and reads its last line):
 * a real bundler (Alto) on the local chain, the server in process (server/testing.ts harness, on
 * SQLite) signing paymaster data. Prints one JSON object:
 * - user operation sendUserOperation → receipt, ms: the first (deploys the account) and the median of 10;
 * - sponsor cost of one test-token transfer: the paymaster's deposit spent (the operation's gas,
 *   what the EntryPoint charged), beside the top-up relay's cost for the same transfer from a plain
 *   embedded wallet (the top-up transaction's gas + the gas allowance sent, of which the user keeps the rest).
 */
import { bytesToHex, createPublicClient, createWalletClient, custom, encodeFunctionData, http, type Abi, type Address, type Hex, type PublicClient } from 'viem'
import { createBundlerClient, createPaymasterClient, entryPoint07Abi, toSoladySmartAccount } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { startAccountAbstractionStack } from '../test/aa.ts'
// @ts-expect-error plain ES module shared with `npm start`
import { TEST_TOKEN } from '../scripts/lib/local-chain.mjs'
import { sameDatabase, startHarness, testDevice } from '../server/testing.ts'
import { openDatabase } from '../server/db/connect.ts'

const token = TEST_TOKEN as { abi: Abi; bytecode: Hex }
const RECIPIENT = '0x000000000000000000000000000000000000bEEF'
const SAMPLES = Number(process.env.BENCH_USEROP_SAMPLES ?? 10)

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

const aa = await startAccountAbstractionStack()
const database = await openDatabase({ databaseUrl: null, dbFile: ':memory:' })
const h = await startHarness(sameDatabase('sqlite', database), { paymasterSignerKey: aa.paymasterSignerKey })
const chain = {
  id: aa.chain.chainId,
  name: 'Local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [aa.chain.url] } },
}
const client = createPublicClient({ chain, transport: http(aa.chain.url) }) as PublicClient
const deployer = createWalletClient({ account: privateKeyToAccount(aa.chain.deployerKey), chain, transport: http(aa.chain.url) })
const mined = async (hash: Hex) => (await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })).contractAddress
const tokenAddress = (await mined(await deployer.deployContract({ abi: token.abi, bytecode: token.bytecode })))!
const mint = async (to: Address) => mined(await deployer.writeContract({ address: tokenAddress, abi: token.abi, functionName: 'mint', args: [to, 10n ** 12n] }))
const transferData = encodeFunctionData({ abi: token.abi, functionName: 'transfer', args: [RECIPIENT, 1_000n] })

const sponsorKey = generatePrivateKey()
const sponsor = privateKeyToAccount(sponsorKey).address
await mined(await deployer.sendTransaction({ to: sponsor, value: 10n ** 19n }))
const appId = await h.createApp({
  name: 'Bench smart wallets',
  chains: [{ id: chain.id, name: 'Local', rpcUrl: aa.chain.url, sponsored: true }],
  gasSponsorship: { privateKey: sponsorKey, maxWeiPerTransaction: String(10n ** 17n), dailyWeiPerUser: String(10n ** 19n), minAccountAgeMinutes: 0 },
  smartWallets: {
    enabled: true,
    accountType: 'solady',
    chains: [{ id: chain.id, bundlerUrl: aa.bundlerUrl, entryPoint: aa.entryPoint, factory: aa.factory, paymaster: aa.paymaster }],
  },
})
const device = await testDevice()
const { token: accessToken } = await h.login(appId, 'bench.smart@example.com', { device })
const { key } = await h.registerEmbeddedWallet(appId, accessToken, device)
const owner = privateKeyToAccount(bytesToHex(key.privateKey))

// (1) The smart wallet: user operations through our paymaster and the bundler.
const account = await toSoladySmartAccount({
  client,
  owner,
  factoryAddress: aa.factory,
  entryPoint: { address: aa.entryPoint, version: '0.7', abi: entryPoint07Abi },
  salt: `${owner.address}${'00'.repeat(12)}` as Hex,
})
await mint(await account.getAddress())
const paymaster = createPaymasterClient({
  transport: custom({
    async request({ method, params }) {
      const res = await h.post('/api/v1/smart_wallets/paymaster', { jsonrpc: '2.0', id: 1, method, params }, { appId, token: accessToken, device })
      const body = res.json()
      if (body.error) throw new Error(body.error.message)
      return body.result
    },
  }),
})
const bundler = createBundlerClient({ account, client, transport: http(aa.bundlerUrl), paymaster })
const times: number[] = []
const costs: bigint[] = []
for (let i = 0; i < SAMPLES + 1; i++) {
  const before = await aa.paymasterDeposit()
  const t0 = performance.now()
  const hash = await bundler.sendUserOperation({ calls: [{ to: tokenAddress, value: 0n, data: transferData }] })
  const receipt = await bundler.waitForUserOperationReceipt({ hash, pollingInterval: 20 })
  times.push(performance.now() - t0)
  if (!receipt.success) throw new Error('user operation failed')
  costs.push(before - (await aa.paymasterDeposit()))
}

// (2) The top-up relay for the same transfer from the plain embedded wallet (0 ETH).
await mint(owner.address)
const walletId = (await h.get('/api/v1/wallets', { appId, token: accessToken })).json().data[0].id as string
const fees = await client.estimateFeesPerGas()
const gas = await client.estimateGas({ account: owner.address, to: tokenAddress, data: transferData })
const signed = await owner.signTransaction({
  type: 'eip1559',
  chainId: chain.id,
  nonce: 0,
  to: tokenAddress,
  data: transferData,
  gas,
  maxFeePerGas: fees.maxFeePerGas,
  maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
})
const sponsorBefore = await client.getBalance({ address: sponsor })
const relayed = await h.post(
  `/api/v1/wallets/${walletId}/rpc`,
  { chain_type: 'ethereum', method: 'eth_sendTransaction', caip2: `eip155:${chain.id}`, sponsor: true, params: { signed_transaction: signed } },
  { appId, token: accessToken, device },
)
if (relayed.statusCode !== 200) throw new Error(`top-up relay: ${relayed.statusCode} ${relayed.body}`)
const relayReceipt = await client.waitForTransactionReceipt({ hash: relayed.json().data.hash, pollingInterval: 50 })
const topUpCost = sponsorBefore - (await client.getBalance({ address: sponsor }))
const userLeftover = await client.getBalance({ address: owner.address })

const steady = costs.slice(1)
console.log(
  JSON.stringify({
    bench: 'smart-wallet-userop',
    samples: SAMPLES,
    firstMs: Math.round(times[0]!),
    medianMs: Math.round(median(times.slice(1))),
    paymasterCostFirstWei: costs[0]!.toString(),
    paymasterCostWei: steady.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))[Math.floor(steady.length / 2)]!.toString(),
    topUpCostWei: topUpCost.toString(),
    topUpUserLeftoverWei: userLeftover.toString(),
    topUpTransferGasUsed: relayReceipt.gasUsed.toString(),
  }),
)
await h.close()
process.exit(0)
