// ERC-4337 on the local chain: the EntryPoint v0.7 and the verifying paymaster from their published
// artifacts (@account-abstraction/contracts 0.7.0), the smart account (Solady's ERC-4337 account,
// scripts/lib/smart-account.json) and its factory, and a real bundler (@pimlico/alto, in a child
// process) pointed at the chain. Used by `npm start` (scripts/start.mjs), the tests (test/aa.ts) and
// the benchmarks.
//
// Every contract but the paymaster goes through the deterministic CREATE2 deployer, so its address
// is the same on every run (an app's saved smart-wallet settings stay valid across restarts), and
// the EntryPoint lands at its canonical address 0x0000000071727De22E5E9d8BAf0edAc6f37da032.
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { concat, createPublicClient, createWalletClient, encodeDeployData, getContractAddress, http, parseEther } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { DEPLOYER_KEY } from './local-chain.mjs'
import { freePort } from './server-process.mjs'

const require = createRequire(import.meta.url)
const artifact = (name) => require(`@account-abstraction/contracts/artifacts/${name}.json`)
export const SMART_ACCOUNT = JSON.parse(readFileSync(new URL('./smart-account.json', import.meta.url), 'utf8'))

/** The deterministic deployment proxy (Arachnid's), at the address every chain and Alto expect. */
export const CREATE2_DEPLOYER = '0x4e59b44847b379578588920ca78fbf26c0b4956c'
const CREATE2_DEPLOYER_CODE =
  '0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe03601600081602082378035828234f58015156039578182fd5b8082525050506014600cf3'
/** The salt the EntryPoint v0.7 was deployed with everywhere. */
const ENTRY_POINT_SALT = '0x90d8084deab30c2a37c45e8d47f49f2f7965183cb6990a98943ef94940681de3'
export const ENTRY_POINT_V07 = '0x0000000071727De22E5E9d8BAf0edAc6f37da032'
/** The account type `smartWallets.accountType` names for this account (viem's `toSoladySmartAccount`). */
export const ACCOUNT_TYPE = 'solady'

// Hardhat's third and fourth development keys: the bundler's executor and utility accounts.
export const BUNDLER_EXECUTOR_KEY = '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a'
export const BUNDLER_UTILITY_KEY = '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6'
/** Hardhat's fifth development key: the development paymaster's signer (`npm start` gives it to the server). */
export const DEV_PAYMASTER_SIGNER_KEY = '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a'

const ZERO_SALT = `0x${'00'.repeat(32)}`

/**
 * Deploys the contracts and starts the bundler.
 * @param {{ rpcUrl: string, chainId?: number, paymasterSigner?: `0x${string}`, bundlerPort?: number, deployerKey?: `0x${string}`, logLevel?: string, exitWithParent?: boolean }} options
 *   paymasterSigner: the address whose signatures the paymaster accepts (the server's paymaster key's address).
 */
export async function startAccountAbstraction({
  rpcUrl,
  chainId = 31337,
  paymasterSigner = privateKeyToAccount(DEV_PAYMASTER_SIGNER_KEY).address,
  bundlerPort = 0,
  deployerKey = DEPLOYER_KEY,
  logLevel = 'warn',
  exitWithParent = true,
}) {
  const chain = { id: chainId, name: 'Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } }
  const transport = http(rpcUrl)
  const publicClient = createPublicClient({ chain, transport })
  const wallet = createWalletClient({ chain, transport, account: privateKeyToAccount(deployerKey) })
  const rpc = (method, params) => publicClient.request({ method, params })
  const mined = async (hash) => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    if (receipt.status !== 'success') throw new Error(`transaction ${hash} reverted`)
    return receipt
  }

  // The CREATE2 deployer: a development chain has no pre-EIP-155 deployment transaction to replay, so its code is set.
  if ((await publicClient.getCode({ address: CREATE2_DEPLOYER })) === undefined) await rpc('hardhat_setCode', [CREATE2_DEPLOYER, CREATE2_DEPLOYER_CODE])
  const create2 = async (bytecode, salt = ZERO_SALT) => {
    const address = getContractAddress({ opcode: 'CREATE2', from: CREATE2_DEPLOYER, salt, bytecode })
    if ((await publicClient.getCode({ address })) === undefined) {
      await mined(await wallet.sendTransaction({ to: CREATE2_DEPLOYER, data: concat([salt, bytecode]), gas: 10_000_000n }))
      if ((await publicClient.getCode({ address })) === undefined) throw new Error(`CREATE2 deployment to ${address} failed`)
    }
    return address
  }

  const entryPoint = await create2(artifact('EntryPoint').bytecode, ENTRY_POINT_SALT)
  const accountImplementation = await create2(
    encodeDeployData({ abi: SMART_ACCOUNT.SmartAccount.abi, bytecode: SMART_ACCOUNT.SmartAccount.bytecode, args: [entryPoint] }),
  )
  const factory = await create2(
    encodeDeployData({ abi: SMART_ACCOUNT.SmartAccountFactory.abi, bytecode: SMART_ACCOUNT.SmartAccountFactory.bytecode, args: [accountImplementation] }),
  )

  // The verifying paymaster: owned by the deployer (who may withdraw its deposit), accepting the server's signatures.
  const paymasterArtifact = artifact('VerifyingPaymaster')
  const paymasterReceipt = await mined(
    await wallet.deployContract({ abi: paymasterArtifact.abi, bytecode: paymasterArtifact.bytecode, args: [entryPoint, paymasterSigner] }),
  )
  const paymaster = paymasterReceipt.contractAddress
  // Its deposit at the EntryPoint pays the sponsored operations' gas.
  await mined(await wallet.writeContract({ address: paymaster, abi: paymasterArtifact.abi, functionName: 'deposit', value: parseEther('1000') }))

  // The bundler's accounts need ether for the bundles' gas (the EntryPoint refunds it from the paymaster's deposit).
  for (const key of [BUNDLER_EXECUTOR_KEY, BUNDLER_UTILITY_KEY]) {
    const address = privateKeyToAccount(key).address
    if ((await publicClient.getBalance({ address })) < parseEther('10')) await mined(await wallet.sendTransaction({ to: address, value: parseEther('100') }))
  }

  const port = bundlerPort || (await freePort())
  const bundler = await startAlto({ rpcUrl, entryPoint, port, logLevel, exitWithParent })
  return {
    chainId,
    entryPoint,
    entryPointVersion: '0.7',
    accountType: ACCOUNT_TYPE,
    accountImplementation,
    factory,
    paymaster,
    paymasterSigner,
    bundlerUrl: bundler.url,
    /** The paymaster's deposit at the EntryPoint (wei): what sponsored operations have left to spend. */
    paymasterDeposit: () => publicClient.readContract({ address: entryPoint, abi: artifact('EntryPoint').abi, functionName: 'balanceOf', args: [paymaster] }),
    stop: bundler.stop,
  }
}

/**
 * Alto in a child process (scripts/lib/alto-child.mjs), in unsafe mode (the local chain has no
 * debug_traceCall for the ERC-7562 rules), bundling as soon as an operation arrives.
 */
async function startAlto({ rpcUrl, entryPoint, port, logLevel, exitWithParent }) {
  const args = [
    fileURLToPath(new URL('./alto-child.mjs', import.meta.url)),
    '--entrypoints',
    entryPoint,
    '--rpc-url',
    rpcUrl,
    '--executor-private-keys',
    BUNDLER_EXECUTOR_KEY,
    '--utility-private-key',
    BUNDLER_UTILITY_KEY,
    '--safe-mode',
    'false',
    '--port',
    String(port),
    '--enable-cors',
    'true',
    '--log-level',
    logLevel,
    // The local chain has no eth_fillTransaction; Alto falls back on its own but logs each refusal as an error.
    '--wallet-client-log-level',
    'fatal',
    '--deterministic-deployer-address',
    CREATE2_DEPLOYER,
    '--refilling-wallets',
    'false',
    '--utility-wallet-monitor',
    'false',
    '--min-bundle-interval',
    '10',
    '--max-bundle-interval',
    '100',
    '--block-time',
    '100',
    '--gas-price-refresh-interval',
    '0',
  ]
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'pipe', ...(exitWithParent ? ['ipc'] : [])],
    env: { ...process.env, DOTENV_CONFIG_PATH: '/dev/null' },
  })
  if (exitWithParent) child.channel?.unref()
  let output = ''
  const keep = (chunk) => void (output = (output + chunk).slice(-20_000))
  child.stdout.on('data', keep)
  child.stderr.on('data', keep)
  // Whatever it says after it answers goes to the terminal only when it is a warning or worse (logLevel).
  const url = `http://127.0.0.1:${port}/rpc`
  const deadline = Date.now() + 120_000
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the bundler exited (${child.exitCode ?? child.signalCode}):\n${output}`)
    const ready = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_supportedEntryPoints', params: [] }),
    })
      .then((r) => r.json())
      .then((r) => Array.isArray(r.result) && r.result.length > 0)
      .catch(() => false)
    if (ready) break
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`the bundler did not answer within 120 s:\n${output}`)
    }
    await new Promise((ok) => setTimeout(ok, 200))
  }
  child.stdout.removeListener('data', keep)
  child.stderr.removeListener('data', keep)
  child.stdout.on('data', (d) => process.stdout.write(d))
  child.stderr.on('data', (d) => process.stderr.write(d))
  return {
    url,
    child,
    stop: () =>
      new Promise((ok) => {
        if (child.exitCode !== null || child.signalCode !== null) return ok()
        child.once('exit', () => ok())
        child.kill('SIGTERM')
      }),
  }
}
