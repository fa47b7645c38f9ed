/**
 * A real local Solana cluster for tests: litesvm (the Solana VM with the System, SPL Token and
 * associated token account programs) behind a loopback JSON-RPC endpoint that speaks the Solana RPC
 * wire format, so the server and browsers reach it as any cluster. The cluster itself is
 * scripts/lib/local-solana.mjs, the one `npm start` runs.
 */
// @ts-expect-error plain ES module shared with `npm start`
import * as local from '../scripts/lib/local-solana.mjs'

export interface LocalSolana {
  /** http://127.0.0.1:PORT — what an app puts in `solanaCluster.rpcUrl`. */
  url: string
  request(method: string, params?: unknown[]): Promise<unknown>
  /** Credits lamports to a base58 address. */
  airdrop(address: string, lamports: bigint | number): Promise<string>
  /** Makes the latest blockhash stale (a transaction signed before fails with 'Blockhash not found'). */
  expireBlockhash(): void
  /** The methods clients asked over HTTP and the websocket (HTTP port + 1), in order; `request`'s are not counted. */
  calls: string[]
  close(): Promise<void>
}

export const startLocalSolana = (): Promise<LocalSolana> => local.startLocalSolana()

/** A mint (6 decimals unless told) with, unless `withMetadata` is false, a Metaplex metadata account naming `symbol`. */
export const createTestMint = (sol: LocalSolana, options?: { symbol?: string; name?: string; decimals?: number; withMetadata?: boolean }): string =>
  local.createTestMint(sol, options)

/** Gives `owner` `amount` base units of `mint` in its associated token account; answers that account. */
export const mintTestTokens = (sol: LocalSolana, mint: string, owner: string, amount: bigint): string => local.mintTestTokens(sol, mint, owner, amount)

export const associatedTokenAddress = (owner: string, mint: string): string => local.associatedTokenAddress(owner, mint)
