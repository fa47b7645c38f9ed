/**
 * The smart wallet's account-abstraction side (viem): the account of the user's embedded signer
 * (counterfactual until its first operation deploys it), a bundler client, and our server's ERC-7677
 * paymaster. The owner signs in the wallet frame (user-operation hashes and ERC-7739 / ERC-1271
 * messages through `personal_sign` / `eth_signTypedData_v4`): the key never leaves the frame.
 * Loaded with the first smart-wallet call, never on first paint (test/build.test.ts).
 */
import { createPublicClient, http, serializeTypedData, stringToHex, toHex, type Hex, type SignableMessage, type TypedDataDefinition } from 'viem'
import { toAccount } from 'viem/accounts'
import {
  createBundlerClient,
  createPaymasterClient,
  entryPoint07Abi,
  entryPoint08Abi,
  toSoladySmartAccount,
  type SmartAccount,
  type UserOperation,
} from 'viem/account-abstraction'
import { SMART_WALLET_MESSAGES, SmartWalletError, toSmartWalletError } from '../../errors/smartWallet.ts'
import { TransactionError } from '../../errors/transaction.ts'
import { primaryWallet, findWallet } from '../../stores/wallets.ts'
import type { ChainConfig } from '../ethereum/chains.ts'
import { signInFrame } from '../embedded/signing.ts'
import { rememberSmartWallet, requireSmartWalletSettings, type SmartWalletChainSettings } from './config.ts'
import { bundlerTransport, paymasterTransport } from './transport.ts'

/** One call of an operation (EIP-5792's call shape, quantities as bigint). */
export interface SmartCall {
  to: Hex
  data?: Hex
  value?: bigint
}

export interface SmartWalletContext {
  address: Hex
  owner: Hex
  settings: SmartWalletChainSettings
  account: SmartAccount
  bundler: ReturnType<typeof createBundlerClient>
}

/** An operation ready to sign, with what the confirmation screen shows of its cost. */
export interface PreparedOperation {
  operation: UserOperation
  /** The most the operation's gas can cost (wei); paid by the paymaster when sponsored. */
  maxFee: bigint
  value: bigint
  sponsored: boolean
  /** When the paymaster signed it: its signature is valid for 300 s (the spec's expiry). */
  preparedAt: number
}

/** Re-asked before signing once older than this: the paymaster's signature expires after 300 s. */
const PAYMASTER_FRESH_MS = 240_000
const RECEIPT_TIMEOUT_MS = 5 * 60_000

const viemChain = (chain: ChainConfig) => ({
  id: chain.id,
  name: chain.name,
  nativeCurrency: chain.nativeCurrency,
  rpcUrls: { default: { http: [chain.rpcUrl ?? ''] } },
})

const rawOf = (message: SignableMessage): Hex =>
  typeof message === 'string' ? stringToHex(message) : typeof message.raw === 'string' ? message.raw : toHex(message.raw)

/** The embedded signer as a viem account whose signatures happen in the wallet frame, with no prompt (the user approved the operation or message already). */
function frameOwner(address: Hex) {
  return toAccount({
    address,
    signMessage: ({ message }) => signInFrame({ method: 'personal_sign', address, data: rawOf(message) }) as Promise<Hex>,
    signTypedData: (typedData) =>
      signInFrame({ method: 'eth_signTypedData_v4', address, data: serializeTypedData(typedData as TypedDataDefinition) }) as Promise<Hex>,
    signTransaction: () => Promise.reject(new SmartWalletError('The owner of a smart wallet signs operations, not transactions', { code: 'UNABLE_TO_SIGN' })),
  })
}

async function accountOf(settings: SmartWalletChainSettings, owner: Hex): Promise<SmartAccount> {
  const client = createPublicClient({ chain: viemChain(settings.chain), transport: http(settings.chain.rpcUrl ?? undefined) })
  const entryPoint = {
    address: settings.entryPoint.address,
    version: settings.entryPoint.version as '0.7',
    abi: (settings.entryPoint.version === '0.8' ? entryPoint08Abi : entryPoint07Abi) as typeof entryPoint07Abi,
  }
  switch (settings.accountType) {
    case 'solady':
      // The factory takes only salts whose upper 160 bits are the owner (no one can take another owner's address).
      return toSoladySmartAccount({
        client,
        owner: frameOwner(owner),
        factoryAddress: settings.factoryAddress,
        entryPoint,
        salt: `${owner.toLowerCase()}${'00'.repeat(12)}` as Hex,
      }) as Promise<SmartAccount>
    default:
      throw new SmartWalletError(SMART_WALLET_MESSAGES.notEnabled, {
        code: 'SMART_WALLETS_NOT_ENABLED',
        details: `Unknown account type ${settings.accountType}`,
      })
  }
}

const contexts = new Map<string, Promise<SmartWalletContext>>()

/** The smart wallet of the user's primary embedded Ethereum wallet (or `owner`) on `chainId`. */
export function smartWalletContext(chainId?: number, owner?: string): Promise<SmartWalletContext> {
  const settings = requireSmartWalletSettings(chainId)
  const signer = owner ? findWallet(owner) : primaryWallet('ethereum')
  if (!signer || signer.chainType !== 'ethereum') throw new SmartWalletError(SMART_WALLET_MESSAGES.noSigner, { code: 'EMBEDDED_WALLET_NOT_FOUND' })
  const key = [settings.chain.id, signer.address, settings.accountType, settings.factoryAddress, settings.bundlerUrl, settings.paymasterUrl].join('|')
  let context = contexts.get(key)
  if (!context) {
    context = (async () => {
      const account = await accountOf(settings, signer.address as Hex)
      const client = createPublicClient({ chain: viemChain(settings.chain), transport: http(settings.chain.rpcUrl ?? undefined) })
      const bundler = createBundlerClient({
        account,
        client,
        chain: viemChain(settings.chain),
        transport: bundlerTransport(settings.bundlerUrl),
        ...(settings.paymasterUrl ? { paymaster: createPaymasterClient({ transport: paymasterTransport(settings.paymasterUrl) }) } : {}),
        pollingInterval: 500,
      })
      rememberSmartWallet(account.address, signer.address, settings.chain.id)
      return { address: account.address, owner: signer.address as Hex, settings, account, bundler }
    })()
    context.catch(() => contexts.delete(key))
    contexts.set(key, context)
  }
  return context
}

/** Gas limits, fees and (when sponsored) the paymaster's signature: each failure a screen text (src/errors/smartWallet.ts). */
export async function prepareOperation(context: SmartWalletContext, calls: SmartCall[]): Promise<PreparedOperation> {
  try {
    const operation = (await context.bundler.prepareUserOperation({
      account: context.account,
      calls: calls.map((c) => ({ to: c.to, data: c.data ?? '0x', value: c.value ?? 0n })),
    })) as UserOperation
    const gas =
      operation.callGasLimit +
      operation.verificationGasLimit +
      operation.preVerificationGas +
      (operation.paymasterVerificationGasLimit ?? 0n) +
      (operation.paymasterPostOpGasLimit ?? 0n)
    const sponsored = Boolean(operation.paymaster && !/^0x0*$/.test(operation.paymaster))
    const value = calls.reduce((sum, c) => sum + (c.value ?? 0n), 0n)
    return { operation, maxFee: gas * operation.maxFeePerGas, value, sponsored, preparedAt: Date.now() }
  } catch (error) {
    throw toSmartWalletError(error, context.settings.chain.name, null, 'prepare')
  }
}

/** A prepared operation still within its paymaster signature's life, else prepared again. */
export async function freshOperation(context: SmartWalletContext, prepared: PreparedOperation, calls: SmartCall[]): Promise<PreparedOperation> {
  return Date.now() - prepared.preparedAt < PAYMASTER_FRESH_MS ? prepared : prepareOperation(context, calls)
}

/** The owner's signature of the operation's hash, made in the frame. */
export async function signOperation(context: SmartWalletContext, prepared: PreparedOperation): Promise<Hex> {
  try {
    return await context.account.signUserOperation(prepared.operation)
  } catch (error) {
    throw new TransactionError('Failed to sign transaction', { code: 'UNABLE_TO_SIGN', details: (error as Error).message, cause: error })
  }
}

/** Hands the signed operation to the bundler: its user-operation hash. */
export async function submitOperation(context: SmartWalletContext, prepared: PreparedOperation, signature: Hex): Promise<Hex> {
  try {
    return await context.bundler.sendUserOperation({ ...prepared.operation, signature } as never)
  } catch (error) {
    throw toSmartWalletError(error, context.settings.chain.name)
  }
}

/** Waits for the operation's receipt: the transaction hash that carried it; a reverted call is 'Transaction failed' with that hash. */
export async function waitForOperation(context: SmartWalletContext, userOpHash: Hex): Promise<Hex> {
  let receipt
  try {
    receipt = await context.bundler.waitForUserOperationReceipt({ hash: userOpHash, timeout: RECEIPT_TIMEOUT_MS, pollingInterval: 500 })
  } catch (error) {
    throw toSmartWalletError(error, context.settings.chain.name)
  }
  const hash = receipt.receipt.transactionHash
  if (!receipt.success) throw new TransactionError(SMART_WALLET_MESSAGES.failed, { code: 'TRANSACTION_FAILURE', hash, details: receipt.reason })
  return hash
}

/** EIP-5792 status of an operation (the id `wallet_sendCalls` answered: the user-operation hash). */
export async function callsStatus(context: SmartWalletContext, userOpHash: Hex) {
  const chainId = toHex(context.settings.chain.id)
  const receipt = await context.bundler.getUserOperationReceipt({ hash: userOpHash }).catch(() => null)
  if (!receipt) return { version: '2.0.0', id: userOpHash, chainId, atomic: true, status: 100 }
  const r = receipt.receipt
  return {
    version: '2.0.0',
    id: userOpHash,
    chainId,
    atomic: true,
    // EIP-5792: 200 confirmed, 500 reverted on chain (nothing of the batch applied).
    status: receipt.success ? 200 : 500,
    receipts: [
      {
        logs: receipt.logs.map((l) => ({ address: l.address, data: l.data, topics: l.topics })),
        status: receipt.success ? '0x1' : '0x0',
        blockHash: r.blockHash,
        blockNumber: toHex(r.blockNumber),
        gasUsed: toHex(r.gasUsed),
        transactionHash: r.transactionHash,
      },
    ],
  }
}

/** ERC-1271 signature of the smart account (ERC-6492-wrapped while it is not deployed), for SIWE and any verifier. */
export async function signSmartMessage(context: SmartWalletContext, message: SignableMessage): Promise<Hex> {
  return context.account.signMessage({ message })
}

export async function signSmartTypedData(context: SmartWalletContext, typedData: TypedDataDefinition): Promise<Hex> {
  return context.account.signTypedData(typedData as never)
}
