import { Keypair } from '@solana/web3.js'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createTestMint, mintTestTokens, startLocalSolana, type LocalSolana } from '../../test/svm.js'
import { METADATA_PROGRAM, programAddress, SplTokens } from '../services/spl-tokens.js'
import { ADMIN_TOKEN, forEachDatabase, startHarness, type Harness } from '../testing.js'
import { PublicKey } from '@solana/web3.js'

forEachDatabase((target) => {
  let h: Harness
  let sol: LocalSolana
  beforeAll(async () => {
    sol = await startLocalSolana()
    h = await startHarness(target)
  })
  afterAll(async () => {
    await h?.close()
    await sol?.close()
  })

  const app = (name: string) => h.createApp({ name, solanaCluster: { name: 'localnet', rpcUrl: sol.url } })

  it('the Solana cluster set through the admin API reaches the public app config; mainnet-beta by default', async () => {
    const plain = await h.createApp({ name: 'Default cluster' })
    expect((await h.get(`/api/v1/apps/${plain}`)).json().solanaCluster).toEqual({ name: 'mainnet-beta', rpcUrl: null })
    const id = await app('Local cluster')
    expect((await h.get(`/api/v1/apps/${id}`)).json().solanaCluster).toEqual({ name: 'localnet', rpcUrl: sol.url })
    // The cluster's USDC mint (funding in USDC where the spec lists none) is public too.
    const mint = createTestMint(sol)
    const withMint = await h.createApp({ name: 'Local USDC', solanaCluster: { name: 'localnet', rpcUrl: sol.url, usdcMint: mint } })
    expect((await h.get(`/api/v1/apps/${withMint}`)).json().solanaCluster).toEqual({ name: 'localnet', rpcUrl: sol.url, usdcMint: mint })
  })

  it('GET /spl_token_info reads decimals from the mint account and the symbol from its Metaplex metadata', async () => {
    const appId = await app('SPL info')
    const mint = createTestMint(sol, { symbol: 'TUSD', decimals: 6 })
    mintTestTokens(sol, mint, Keypair.generate().publicKey.toBase58(), 5n)
    const res = await h.get(`/api/v1/spl_token_info?mint_address=${mint}&cluster=localnet`, { appId })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ mint_address: mint, symbol: 'TUSD', decimals: 6 })
    const nine = createTestMint(sol, { symbol: 'NINE', decimals: 9 })
    expect((await h.get(`/api/v1/spl_token_info?mint_address=${nine}&cluster=localnet`, { appId })).json()).toMatchObject({ symbol: 'NINE', decimals: 9 })
  })

  it('a mint without metadata has a null symbol (unless the configured list names it)', async () => {
    const appId = await app('SPL bare')
    const mint = createTestMint(sol, { decimals: 2, withMetadata: false })
    const res = await h.get(`/api/v1/spl_token_info?mint_address=${mint}&cluster=localnet`, { appId })
    expect(res.json()).toEqual({ mint_address: mint, symbol: null, decimals: 2 })
    // GATEHOUSE_SPL_TOKEN_SYMBOLS (splTokenSymbols) names mints that have no metadata.
    expect(await new SplTokens({ [mint]: 'LISTED' }).info(sol.url, mint)).toEqual({ symbol: 'LISTED', decimals: 2 })
  })

  it("the metadata address is web3.js's program derived address", () => {
    const mint = Keypair.generate().publicKey
    const program = new PublicKey(METADATA_PROGRAM)
    const [expected] = PublicKey.findProgramAddressSync([Buffer.from('metadata'), program.toBuffer(), mint.toBuffer()], program)
    expect(programAddress([Buffer.from('metadata'), program.toBuffer(), mint.toBuffer()], METADATA_PROGRAM)).toBe(expected.toBase58())
  })

  it('error: an address that is not a mint answers 404, an unknown cluster 400, a bad address 400', async () => {
    const appId = await app('SPL errors')
    const wallet = Keypair.generate().publicKey.toBase58()
    await sol.airdrop(wallet, 1_000_000_000)
    expect((await h.get(`/api/v1/spl_token_info?mint_address=${wallet}&cluster=localnet`, { appId })).json().code).toBe('not_found')
    const unknown = await h.get(`/api/v1/spl_token_info?mint_address=${wallet}&cluster=nowhere`, { appId })
    expect([unknown.statusCode, unknown.json().code]).toEqual([400, 'invalid_data'])
    expect((await h.get(`/api/v1/spl_token_info?mint_address=0OIl&cluster=localnet`, { appId })).statusCode).toBe(400)
  })

  it('error: an unknown cluster name without rpcUrl, and a USDC mint that is not a Solana address, are refused by the admin API', async () => {
    const res = await h.post(
      '/api/v1/admin/apps',
      { name: 'Bad cluster', solanaCluster: { name: 'localnet' } },
      { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } },
    )
    expect([res.statusCode, res.json().code]).toEqual([400, 'invalid_data'])
    const badMint = await h.post(
      '/api/v1/admin/apps',
      { name: 'Bad mint', solanaCluster: { name: 'localnet', rpcUrl: sol.url, usdcMint: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' } },
      { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } },
    )
    expect([badMint.statusCode, badMint.json().code]).toEqual([400, 'invalid_data'])
  })
})
