/**
 * Farcaster for tests: an IdRegistry (test/contracts/IdRegistry.sol) deployed on the local EDR
 * chain, fids registered to viem local accounts, and a Farcaster client's side of Sign In With
 * Farcaster: read the connect URI, build the SIWF message (EIP-4361, statement 'Farcaster Auth',
 * chain id 10, resource farcaster://fid/N), sign it with the custody key and post it to the relay.
 * And the signed-key-request service the Farcaster signer talks to (`startSignedKeyRequestService`).
 */
import { randomBytes } from 'node:crypto'
import { SIGNED_KEY_REQUEST_VALIDATOR_EIP_712_TYPES } from '@farcaster/core'
import { createWalletClient, http, isHex, publicActions, verifyTypedData, type Abi, type Address } from 'viem'
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { compileContracts, type LocalChain } from './evm.ts'
import { json, listen } from './funding-stand-ins.ts'

export interface FarcasterRegistry {
  address: Address
  /** Registers a new fid with `custody` as its custody address; answers the fid. */
  register(custody: Address): Promise<number>
}

export async function deployIdRegistry(chain: LocalChain): Promise<FarcasterRegistry> {
  const { IdRegistry } = compileContracts('IdRegistry.sol')
  const abi = IdRegistry!.abi as Abi
  const client = createWalletClient({
    account: privateKeyToAccount(chain.deployerKey),
    transport: http(chain.url),
    chain: { id: chain.chainId, name: 'local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [chain.url] } } },
  }).extend(publicActions)
  const deployed = await client.waitForTransactionReceipt({ hash: await client.deployContract({ abi, bytecode: IdRegistry!.bytecode }) })
  const address = deployed.contractAddress!
  return {
    address,
    async register(custody) {
      await client.waitForTransactionReceipt({ hash: await client.writeContract({ address, abi, functionName: 'register', args: [custody] }) })
      return Number(await client.readContract({ address, abi, functionName: 'idOf', args: [custody] }))
    },
  }
}

export interface ConnectParams {
  channelToken: string
  nonce: string
  siweUri: string
  domain: string
  expirationTime?: string
}

/** What a Farcaster client reads from the QR code (AuthKit's parseSignInURI). */
export function parseConnectUri(uri: string): ConnectParams {
  const url = new URL(uri)
  if (url.protocol !== 'farcaster:' || url.host !== 'connect') throw new Error(`not a connect URI: ${uri}`)
  const p = Object.fromEntries(url.searchParams.entries())
  return { channelToken: p.channelToken!, nonce: p.nonce!, siweUri: p.siweUri!, domain: p.domain!, expirationTime: p.expirationTime }
}

/** Builds and signs the SIWF message a Farcaster client would for `connect`. Overrides make bad ones. */
export async function signSiwf(
  custody: PrivateKeyAccount,
  fid: number,
  connect: ConnectParams,
  overrides: { signer?: PrivateKeyAccount; nonce?: string; domain?: string; issuedAt?: Date; expirationTime?: Date; address?: Address } = {},
): Promise<{ message: string; signature: `0x${string}` }> {
  const message = createSiweMessage({
    domain: overrides.domain ?? connect.domain,
    address: overrides.address ?? custody.address,
    statement: 'Farcaster Auth',
    uri: connect.siweUri,
    version: '1',
    chainId: 10,
    nonce: overrides.nonce ?? connect.nonce,
    issuedAt: overrides.issuedAt ?? new Date(),
    expirationTime: overrides.expirationTime ?? (connect.expirationTime ? new Date(connect.expirationTime) : undefined),
    resources: [`farcaster://fid/${fid}`],
  })
  return { message, signature: await (overrides.signer ?? custody).signMessage({ message }) }
}

/** The Farcaster client's call to the relay: `POST {relay}/v1/channel/authenticate`, channel token as bearer. */
export async function relayAuthenticate(
  apiUrl: string,
  channelToken: string,
  body: { message: string; signature: string; fid: number; username?: string; displayName?: string; pfpUrl?: string; bio?: string },
): Promise<Response> {
  return fetch(`${apiUrl}/api/v1/farcaster/relay/v1/channel/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${channelToken}` },
    body: JSON.stringify(body),
  })
}

/**
 * The signed-key-request service for 'Add a signer to Farcaster', speaking Warpcast's documented
 * wire format (https://docs.farcaster.xyz/reference/warpcast/signer-requests):
 *
 * - `POST /v2/signed-key-requests` `{ key, requestFid, signature, deadline }` → 200
 *   `{ result: { signedKeyRequest: { token, deeplinkUrl } } }`; the signature must be the
 *   requesting fid's custody address over Farcaster's EIP-712 `SignedKeyRequest` (checked here with
 *   @farcaster/core's typed data), else 400 `{ errors: [{ message }] }`.
 * - `GET /v2/signed-key-request?token=` → `{ result: { signedKeyRequest: { token, deeplinkUrl, key,
 *   requestFid, state, isSponsored, userFid? } } }`, state 'pending' → 'approved' → 'completed'; 404 when unknown.
 *
 * The Farcaster app's part is played by `approve` (the user approved: 'completed' with their fid)
 * and `reject` (the user dismissed it: the service forgets the request, so it answers 404).
 */
export interface SignedKeyRequestRecord {
  token: string
  deeplinkUrl: string
  key: `0x${string}`
  requestFid: number
  deadline: number
  state: 'pending' | 'approved' | 'completed'
  userFid?: number
}

export async function startSignedKeyRequestService(custodyOf: (fid: number) => Address | Promise<Address | null> | null) {
  const requests = new Map<string, SignedKeyRequestRecord>()
  const refuse = (res: Parameters<typeof json>[0], status: number, message: string) => json(res, status, { errors: [{ message }] })
  const server = await listen(async (req, res, url, body) => {
    if (req.method === 'POST' && url.pathname === '/v2/signed-key-requests') {
      const input = JSON.parse(body || '{}') as { key?: unknown; requestFid?: unknown; signature?: unknown; deadline?: unknown }
      const { key, signature } = input
      const requestFid = Number(input.requestFid)
      const deadline = Number(input.deadline)
      if (!isHex(key) || key.length !== 66 || !isHex(signature) || !Number.isSafeInteger(requestFid) || !Number.isSafeInteger(deadline))
        return refuse(res, 400, 'Invalid signed key request')
      if (deadline * 1000 < Date.now()) return refuse(res, 400, 'Deadline has passed')
      const custody = await custodyOf(requestFid)
      const valid =
        custody !== null &&
        (await verifyTypedData({
          address: custody,
          ...SIGNED_KEY_REQUEST_VALIDATOR_EIP_712_TYPES,
          primaryType: 'SignedKeyRequest',
          message: { requestFid: BigInt(requestFid), key, deadline: BigInt(deadline) },
          signature,
        }).catch(() => false))
      if (!valid) return refuse(res, 400, 'Invalid signature')
      const token = `0x${randomBytes(24).toString('hex')}`
      const deeplinkUrl = `farcaster://signed-key-request?token=${token}`
      requests.set(token, { token, deeplinkUrl, key, requestFid, deadline, state: 'pending' })
      return json(res, 200, { result: { signedKeyRequest: { token, deeplinkUrl } } })
    }
    if (req.method === 'GET' && url.pathname === '/v2/signed-key-request') {
      const request = requests.get(url.searchParams.get('token') ?? '')
      if (!request) return refuse(res, 404, 'Signed key request not found')
      return json(res, 200, { result: { signedKeyRequest: { ...request, isSponsored: false } } })
    }
    return refuse(res, 404, 'Not found')
  })
  const byKey = (key: string) => {
    const found = [...requests.values()].reverse().find((r) => r.key === key.toLowerCase())
    if (!found) throw new Error(`no signed key request for ${key}`)
    return found
  }
  return {
    url: server.url,
    close: server.close,
    requests,
    /** The request made for an ed25519 public key (the newest). */
    byKey,
    /** The user approved in the Farcaster app and the key was added on chain. */
    approve(key: string, userFid: number, state: 'approved' | 'completed' = 'completed') {
      Object.assign(byKey(key), { state, userFid })
    },
    /** The user dismissed the request. */
    reject(key: string) {
      requests.delete(byKey(key).token)
    },
  }
}
export type SignedKeyRequestService = Awaited<ReturnType<typeof startSignedKeyRequestService>>
