/**
 * Farcaster for tests: an IdRegistry (test/contracts/IdRegistry.sol) deployed on the local EDR
 * chain, fids registered to viem local accounts, and a Farcaster client's side of Sign In With
 * Farcaster: read the connect URI, build the SIWF message (EIP-4361, statement 'Farcaster Auth',
 * chain id 10, resource farcaster://fid/N), sign it with the custody key and post it to the relay.
 */
import { createWalletClient, http, publicActions, type Abi, type Address } from 'viem'
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { compileContracts, type LocalChain } from './evm.ts'

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
