/**
 * The server-side wallet API end to end (issue #29): who may call (the app secret AND an
 * authorization signature, never replayed), policies allowing and denying with the rule's code,
 * the audit row and webhook event of every outcome, and sends landing on the local chain with
 * distinct nonces when concurrent. The signing service is a test stand-in holding keys in memory
 * (test/delegated-signer.ts), plugged in through `gatehouse.delegatedSigner` as the real one is.
 */
import { SystemProgram, PublicKey, TransactionMessage, VersionedTransaction, ComputeBudgetProgram } from '@solana/web3.js'
import { bytesToHex, encodeFunctionData, erc20Abi, getAddress, recoverMessageAddress, recoverTransactionAddress, recoverTypedDataAddress, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listEvents } from '../services/events.js'
import { AuthorizationKey, LocalDelegatedSigner, solanaKeypair } from '../../test/delegated-signer.js'
import { startLocalChain, type LocalChain } from '../../test/evm.js'
import { startLocalSolana } from '../../test/svm.js'
import { ADMIN_TOKEN, forEachDatabase, sameDatabase, startHarness, TEST_PUBLIC_URL, testDevice, type Harness } from '../testing.js'

const RECIPIENT = getAddress('0x000000000000000000000000000000000000beef')
const OTHER = getAddress('0x000000000000000000000000000000000000cafe')
const TOKEN = getAddress('0x00000000000000000000000000000000000070ce')
const ETH = 10n ** 18n
const admin = { authorization: `Bearer ${ADMIN_TOKEN}` }
const basic = (appId: string, secret: string) => ({ authorization: `Basic ${Buffer.from(`${appId}:${secret}`).toString('base64')}`, 'privy-app-id': appId })

forEachDatabase((target) => {
  let h: Harness
  let chain: LocalChain
  const signer = new LocalDelegatedSigner()

  beforeAll(async () => {
    // The stand-in signing service goes in where the real one does: the services' delegatedSigner.
    ;[h, chain] = await Promise.all([startHarness(target, { delegatedSigner: signer }), startLocalChain()])
  })
  afterAll(async () => {
    await h?.close()
    await chain?.close()
  })

  const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Record<string, string>, payload?: unknown) =>
    h.server.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) })

  interface Backend {
    appId: string
    secret: string
    key: AuthorizationKey
    keyId: string
  }

  /** An app on the local chain with a secret and one registered authorization key. */
  async function backend(settings: Record<string, unknown> = {}): Promise<Backend> {
    const appId = await h.createApp({ chains: [{ id: 31337, name: 'Local', rpcUrl: chain.url }], ...settings })
    const secret = (await inject('POST', `/api/v1/admin/apps/${appId}/secrets`, admin)).json().secret as string
    const key = new AuthorizationKey()
    const res = await inject('POST', `/api/v1/admin/apps/${appId}/authorization-keys`, admin, { keys: [{ public_key: key.publicKey, label: 'backend' }] })
    expect(res.statusCode, res.body).toBe(201)
    return { appId, secret, key, keyId: res.json().data[0].id }
  }

  /** A user of the app with an embedded Ethereum wallet, delegated to the stand-in signer, funded with `eth` ether. */
  async function delegatedWallet(b: Backend, email: string, eth = 0n) {
    const device = await testDevice(() => h.clock.now())
    const { token } = await h.login(b.appId, email, { device })
    const { key } = await h.registerEmbeddedWallet(b.appId, token, device)
    const walletId = (await h.get('/api/v1/wallets', { appId: b.appId, token })).json().data[0].id as string
    const privateKey = bytesToHex(key.privateKey)
    signer.delegateEthereum(walletId, privateKey)
    const account = privateKeyToAccount(privateKey)
    if (eth)
      await chain.request('eth_sendTransaction', [
        { from: privateKeyToAccount(chain.deployerKey).address, to: account.address, value: `0x${eth.toString(16)}` },
      ])
    return { walletId, account, token }
  }

  /** A signed server-side call: the app secret, and the authorization key's signature unless told otherwise. */
  function call(
    b: Backend,
    method: 'POST' | 'PATCH',
    path: string,
    body: unknown,
    o: { key?: AuthorizationKey | null; expiry?: number; secret?: string; signedBody?: unknown; idempotencyKey?: string; via?: Harness } = {},
  ) {
    const url = `/api/v1${path}`
    const key = o.key === undefined ? b.key : o.key
    const signing = key
      ? key.headers(b.appId, method, `${TEST_PUBLIC_URL}${url}`, o.signedBody ?? body, {
          expiry: o.expiry ?? h.clock.now() + 60_000,
          idempotencyKey: o.idempotencyKey,
        })
      : {}
    const headers = { ...basic(b.appId, o.secret ?? b.secret), ...signing }
    if (o.via) return o.via.server.inject({ method, url, headers, ...(body === undefined ? {} : { payload: body as object }) })
    return inject(method, url, headers, body)
  }
  const rpc = (b: Backend, walletId: string, body: unknown, o: Parameters<typeof call>[4] = {}) => call(b, 'POST', `/wallets/${walletId}/rpc`, body, o)
  const setPolicy = async (b: Backend, walletId: string, policy: unknown, extra: Record<string, unknown> = {}) => {
    const res = await call(b, 'PATCH', `/wallets/${walletId}`, { policy, ...extra })
    expect(res.statusCode, res.body).toBe(200)
    return res.json()
  }
  const personalSign = { method: 'personal_sign', params: { message: 'hello from the backend', encoding: 'utf-8' } }
  const fullTx = (o: Record<string, unknown> = {}) => ({
    method: 'eth_signTransaction',
    params: {
      transaction: {
        to: RECIPIENT,
        value: '0',
        chain_id: 31337,
        nonce: 0,
        gas_limit: 100000,
        max_fee_per_gas: '2000000000',
        max_priority_fee_per_gas: '1000000000',
        ...o,
      },
    },
  })
  const auditRows = (appId: string, action: string) =>
    h.server.gatehouse.db.selectFrom('audit_log').selectAll().where('app_id', '=', appId).where('action', '=', action).orderBy('created_at').execute()
  const eventRows = async (appId: string, type: string) => (await listEvents(h.server.gatehouse.db, appId)).filter((e) => e.type === type)

  describe('who may call', () => {
    it('the app secret alone signs nothing: no, a wrong, a tampered, an expired or a replayed signature is refused', async () => {
      const b = await backend()
      const { walletId, account } = await delegatedWallet(b, 'who@example.com')
      await setPolicy(b, walletId, { methods: ['personal_sign'] })
      const refused = async (res: Awaited<ReturnType<typeof rpc>>, why: string) => {
        expect(res.statusCode, why).toBe(401)
        expect(res.json().code, why).toBe('invalid_authorization_signature')
      }
      await refused(await rpc(b, walletId, personalSign, { key: null }), 'no signature')
      await refused(await rpc(b, walletId, personalSign, { key: new AuthorizationKey() }), 'an unregistered key')
      await refused(
        await rpc(b, walletId, personalSign, { signedBody: { ...personalSign, params: { message: 'something else', encoding: 'utf-8' } } }),
        'another body',
      )
      await refused(await rpc(b, walletId, personalSign, { expiry: h.clock.now() - 1 }), 'expired')
      await refused(await rpc(b, walletId, personalSign, { expiry: h.clock.now() + 60 * 60_000 }), 'too far ahead')
      // The same signed request twice: the first signs, the second is refused.
      const url = `/api/v1/wallets/${walletId}/rpc`
      const headers = {
        ...basic(b.appId, b.secret),
        ...b.key.headers(b.appId, 'POST', `${TEST_PUBLIC_URL}${url}`, personalSign, { expiry: h.clock.now() + 60_000 }),
      }
      const first = await inject('POST', url, headers, personalSign)
      expect(first.statusCode, first.body).toBe(200)
      expect(await recoverMessageAddress({ message: 'hello from the backend', signature: first.json().data.signature })).toBe(account.address)
      await refused(await inject('POST', url, headers, personalSign), 'replayed')
      // A wrong secret with a valid signature: the secret is checked too.
      const wrongSecret = await rpc(b, walletId, personalSign, { secret: 'not-the-secret' })
      expect(wrongSecret.statusCode).toBe(401)
      expect(wrongSecret.json().code).toBe('missing_or_invalid_token')
      // The admin token is not a backend: it signs nothing.
      const asAdmin = await inject(
        'POST',
        url,
        { ...admin, 'privy-app-id': b.appId, ...b.key.headers(b.appId, 'POST', `${TEST_PUBLIC_URL}${url}`, personalSign) },
        personalSign,
      )
      expect(asAdmin.statusCode).not.toBe(200)
    })

    it("app A's secret and key reach nothing of app B's wallets", async () => {
      const [a, b] = [await backend(), await backend()]
      const { walletId } = await delegatedWallet(b, 'app-b@example.com')
      await setPolicy(b, walletId, { methods: ['personal_sign'] })
      const res = await rpc(a, walletId, personalSign)
      expect(res.statusCode).toBe(404)
      expect(res.json().code).toBe('embedded_wallet_not_found')
      // A's secret presented for B (privy-app-id B): a bad credential.
      const crossed = await inject('POST', `/api/v1/wallets/${walletId}/rpc`, { ...basic(a.appId, a.secret), 'privy-app-id': b.appId }, personalSign)
      expect(crossed.statusCode).toBe(401)
      expect((await inject('GET', `/api/v1/wallets/${walletId}`, basic(a.appId, a.secret))).statusCode).toBe(404)
      expect(signer.signed.filter((s) => s.ref.walletId === walletId)).toHaveLength(0)
    })

    it('keys: several at once, limited to some wallets, allowed per wallet, rotated and revoked', async () => {
      const b = await backend()
      const one = await delegatedWallet(b, 'keys-1@example.com')
      const two = await delegatedWallet(b, 'keys-2@example.com')
      await setPolicy(b, one.walletId, { methods: ['personal_sign'] })
      await setPolicy(b, two.walletId, { methods: ['personal_sign'] })
      const [limited, spare] = [new AuthorizationKey(), new AuthorizationKey()]
      const made = await inject('POST', `/api/v1/admin/apps/${b.appId}/authorization-keys`, admin, {
        keys: [{ public_key: limited.publicKey, wallet_ids: [one.walletId] }, { public_key: `wallet-auth:${spare.publicKey}` }],
      })
      expect(made.statusCode, made.body).toBe(201)
      const [limitedId, spareId] = made.json().data.map((k: { id: string }) => k.id)
      expect((await rpc(b, one.walletId, personalSign, { key: limited })).statusCode).toBe(200)
      expect((await rpc(b, two.walletId, personalSign, { key: limited })).json().code).toBe('invalid_authorization_signature')
      // The wallet names its allowed signers: only the spare key now.
      await setPolicy(b, two.walletId, { methods: ['personal_sign'] }, { additional_signers: [{ signer_id: spareId }] })
      expect((await rpc(b, two.walletId, personalSign)).json().code).toBe('invalid_authorization_signature')
      expect((await rpc(b, two.walletId, personalSign, { key: spare })).statusCode).toBe(200)
      // Rotating the spare key: the old private key stops, the new one takes its place on the wallet.
      const next = new AuthorizationKey()
      const rotated = await inject('POST', `/api/v1/admin/apps/${b.appId}/authorization-keys/${spareId}/rotate`, admin, { public_key: next.publicKey })
      expect(rotated.statusCode, rotated.body).toBe(201)
      expect((await rpc(b, two.walletId, personalSign, { key: spare })).json().code).toBe('invalid_authorization_signature')
      expect((await rpc(b, two.walletId, personalSign, { key: next })).statusCode).toBe(200)
      expect((await inject('GET', `/api/v1/wallets/${two.walletId}`, basic(b.appId, b.secret))).json().additional_signers).toEqual([
        { signer_id: rotated.json().id },
      ])
      // Revoked: refused at once.
      expect((await inject('DELETE', `/api/v1/admin/apps/${b.appId}/authorization-keys/${limitedId}`, admin)).statusCode).toBe(200)
      expect((await rpc(b, one.walletId, personalSign, { key: limited })).json().code).toBe('invalid_authorization_signature')
      const live = (await inject('GET', `/api/v1/admin/apps/${b.appId}/authorization-keys`, admin)).json().data.map((k: { id: string }) => k.id)
      expect(live).toEqual([b.keyId, rotated.json().id])
      // The app secret may not register keys (a leaked secret cannot add its own).
      const bySecret = await inject('POST', `/api/v1/admin/apps/${b.appId}/authorization-keys`, basic(b.appId, b.secret), {
        keys: [{ public_key: next.publicKey }],
      })
      expect(bySecret.statusCode).toBe(403)
      // Not a P-256 key: refused.
      const bad = await inject('POST', `/api/v1/admin/apps/${b.appId}/authorization-keys`, admin, {
        keys: [{ public_key: Buffer.alloc(64, 1).toString('base64') }],
      })
      expect(bad.statusCode).toBe(400)
    })

    it('a PATCH needs the signature too; reads need the secret only; the user list answers the wallets with their policies', async () => {
      const b = await backend()
      const { walletId, account, token } = await delegatedWallet(b, 'patch@example.com')
      const unsigned = await call(b, 'PATCH', `/wallets/${walletId}`, { policy: { methods: ['personal_sign'] } }, { key: null })
      expect(unsigned.json().code).toBe('invalid_authorization_signature')
      await setPolicy(b, walletId, { methods: ['personal_sign'] })
      const one = (await inject('GET', `/api/v1/wallets/${walletId}`, basic(b.appId, b.secret))).json()
      expect(one).toMatchObject({ id: walletId, address: account.address, chain_type: 'ethereum', delegated: true, policy: { methods: ['personal_sign'] } })
      const userId = one.owner_id as string
      const list = await inject('GET', `/api/v1/wallets?user_id=${userId}`, basic(b.appId, b.secret))
      expect(list.statusCode, list.body).toBe(200)
      expect(list.json()).toEqual({ data: [one], next_cursor: null })
      // The user's own list (Bearer) is unchanged.
      expect((await h.get('/api/v1/wallets', { appId: b.appId, token })).json().data[0].address).toBe(account.address)
      expect((await auditRows(b.appId, 'wallet.update')).length).toBe(1)
    })
  })

  describe('policies, audit and events', () => {
    it('no policy and a wallet not delegated are refused with their codes, and recorded', async () => {
      const b = await backend()
      const { walletId } = await delegatedWallet(b, 'deny@example.com')
      const none = await rpc(b, walletId, personalSign)
      expect(none.statusCode).toBe(403)
      expect(none.json()).toMatchObject({ code: 'policy_violation', data: { rule: 'policy' } })
      await setPolicy(b, walletId, { methods: ['personal_sign'] })
      signer.revoke(walletId)
      const revoked = await rpc(b, walletId, personalSign)
      expect(revoked.statusCode).toBe(403)
      expect(revoked.json().code).toBe('not_delegated')
      const denials = await auditRows(b.appId, 'wallet.rpc_denied')
      expect(denials.map((r) => JSON.parse(r.details!).rule)).toEqual(['policy', 'not_delegated'])
      expect(denials[0]).toMatchObject({ actor_type: 'app_secret' })
      expect(await eventRows(b.appId, 'wallet.action_denied')).toHaveLength(2)
    })

    it('methods, chain ids, recipients, contracts: each allows and denies naming its rule', async () => {
      const b = await backend()
      const { walletId, account } = await delegatedWallet(b, 'rules@example.com')
      await setPolicy(b, walletId, {
        methods: ['eth_signTransaction', 'eth_signTypedData_v4'],
        chain_ids: [31337],
        recipients: [RECIPIENT],
        contracts: [TOKEN],
      })
      const ok = await rpc(b, walletId, fullTx({ value: '5' }))
      expect(ok.statusCode, ok.body).toBe(200)
      expect(ok.json().data.encoding).toBe('rlp')
      expect(await recoverTransactionAddress({ serializedTransaction: ok.json().data.signed_transaction })).toBe(account.address)
      const rule = async (body: unknown, expected: string) => {
        const res = await rpc(b, walletId, body)
        expect(res.statusCode, `${expected}: ${res.body}`).toBe(403)
        expect(res.json().data.rule).toBe(expected)
        expect(res.json().error).toMatch(/policy/)
      }
      await rule(personalSign, 'methods')
      await rule(fullTx({ chain_id: 1 }), 'chain_ids')
      await rule(fullTx({ to: OTHER, value: '5' }), 'recipients')
      await rule(fullTx({ to: OTHER, data: '0x12345678' }), 'contracts')
      const transfer = (to: string, amount: bigint) => encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to as Hex, amount] })
      expect((await rpc(b, walletId, fullTx({ to: TOKEN, data: transfer(RECIPIENT, 1n) }))).statusCode).toBe(200)
      await rule(fullTx({ to: TOKEN, data: transfer(OTHER, 1n) }), 'recipients')
      // Typed data: its domain's chain and verifying contract are judged the same way.
      const typed = (chainId: number, verifyingContract: string) => ({
        method: 'eth_signTypedData_v4',
        params: {
          typed_data: {
            domain: { name: 'Test', version: '1', chainId, verifyingContract },
            types: { Order: [{ name: 'amount', type: 'uint256' }] },
            primary_type: 'Order',
            message: { amount: '7' },
          },
        },
      })
      const signedTyped = await rpc(b, walletId, typed(31337, TOKEN))
      expect(signedTyped.statusCode, signedTyped.body).toBe(200)
      const recovered = await recoverTypedDataAddress({
        domain: { name: 'Test', version: '1', chainId: 31337, verifyingContract: TOKEN },
        types: { Order: [{ name: 'amount', type: 'uint256' }] },
        primaryType: 'Order',
        message: { amount: 7n },
        signature: signedTyped.json().data.signature,
      })
      expect(recovered).toBe(account.address)
      await rule(typed(1, TOKEN), 'chain_ids')
      await rule(typed(31337, OTHER), 'contracts')
      expect((await auditRows(b.appId, 'wallet.rpc')).length).toBe(3)
      expect((await eventRows(b.appId, 'wallet.action_signed')).length).toBe(3)
      expect((await eventRows(b.appId, 'wallet.action_denied')).length).toBe(7)
    })

    it('function selectors, with ABI-decoded arguments', async () => {
      const b = await backend()
      const { walletId } = await delegatedWallet(b, 'functions@example.com')
      const transferAbi = erc20Abi.find((f) => f.type === 'function' && f.name === 'transfer')!
      await setPolicy(b, walletId, {
        methods: ['eth_signTransaction'],
        functions: [{ contract: TOKEN, selector: '0xa9059cbb', abi: transferAbi, args: { recipient: { in: [RECIPIENT] }, amount: { max: '100' } } }],
      })
      const transfer = (to: string, amount: bigint) => encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to as Hex, amount] })
      expect((await rpc(b, walletId, fullTx({ to: TOKEN, data: transfer(RECIPIENT, 100n) }))).statusCode).toBe(200)
      const over = await rpc(b, walletId, fullTx({ to: TOKEN, data: transfer(RECIPIENT, 101n) }))
      expect(over.json().data.rule).toBe('function_args')
      const elsewhere = await rpc(b, walletId, fullTx({ to: TOKEN, data: transfer(OTHER, 1n) }))
      expect(elsewhere.json().data.rule).toBe('function_args')
      const approve = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [RECIPIENT, 1n] })
      expect((await rpc(b, walletId, fullTx({ to: TOKEN, data: approve }))).json().data.rule).toBe('functions')
      expect((await rpc(b, walletId, fullTx({ to: OTHER, data: transfer(RECIPIENT, 1n) }))).json().data.rule).toBe('functions')
    })

    it('native and ERC-20 value per transaction and per rolling day, across requests', async () => {
      const b = await backend()
      const { walletId } = await delegatedWallet(b, 'caps@example.com')
      await setPolicy(b, walletId, {
        methods: ['eth_signTransaction'],
        native_value: { per_transaction: '60', per_day: '100' },
        erc20_value: [{ token: TOKEN, per_transaction: '500', per_day: '800' }],
      })
      const send = (value: number) => rpc(b, walletId, fullTx({ value: String(value) }))
      expect((await send(61)).json().data.rule).toBe('native_value.per_transaction')
      expect((await send(60)).statusCode).toBe(200)
      expect((await send(40)).statusCode).toBe(200)
      const overDay = await send(1)
      expect(overDay.json().data.rule).toBe('native_value.per_day')
      expect(overDay.json().error).toMatch(/daily limit \(100\)/)
      const transfer = (amount: bigint) =>
        fullTx({ to: TOKEN, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [RECIPIENT, amount] }) })
      expect((await rpc(b, walletId, transfer(501n))).json().data.rule).toBe('erc20_value.per_transaction')
      expect((await rpc(b, walletId, transfer(500n))).statusCode).toBe(200)
      expect((await rpc(b, walletId, transfer(301n))).json().data.rule).toBe('erc20_value.per_day')
      expect((await rpc(b, walletId, transfer(300n))).statusCode).toBe(200)
      // A day later the window has rolled past the first signatures.
      h.clock.advance(24 * 60 * 60 * 1000 + 1000)
      try {
        expect((await send(60)).statusCode).toBe(200)
        expect((await rpc(b, walletId, transfer(500n))).statusCode).toBe(200)
      } finally {
        h.clock.advance(-(24 * 60 * 60 * 1000 + 1000))
      }
    })

    it('Solana: messages and transactions signed; program allowlist and lamport limits', async () => {
      const b = await backend()
      const { walletId, kp } = await solanaWallet(b, 'solana@example.com')
      await setPolicy(b, walletId, {
        methods: ['signMessage', 'signTransaction'],
        solana_programs: [SystemProgram.programId.toBase58()],
        lamports: { per_transaction: '1000', per_day: '1500' },
      })
      const message = Buffer.from('gm from the backend')
      const signed = await rpc(b, walletId, { method: 'signMessage', params: { message: message.toString('base64'), encoding: 'base64' } })
      expect(signed.statusCode, signed.body).toBe(200)
      expect(ed25519.verify(Buffer.from(signed.json().data.signature, 'base64'), message, base58.decode(kp.address))).toBe(true)
      const payer = new PublicKey(kp.address)
      const tx = (lamports: number, extra = false) => {
        const instructions = [SystemProgram.transfer({ fromPubkey: payer, toPubkey: new PublicKey(solanaKeypair().address), lamports })]
        if (extra) instructions.unshift(ComputeBudgetProgram.setComputeUnitLimit({ units: 200_000 }))
        const msg = new TransactionMessage({ payerKey: payer, recentBlockhash: base58.encode(new Uint8Array(32).fill(7)), instructions }).compileToV0Message()
        return Buffer.from(new VersionedTransaction(msg).serialize()).toString('base64')
      }
      const signTx = (transaction: string) => rpc(b, walletId, { method: 'signTransaction', params: { transaction, encoding: 'base64' } })
      const ok = await signTx(tx(1000))
      expect(ok.statusCode, ok.body).toBe(200)
      const back = VersionedTransaction.deserialize(Buffer.from(ok.json().data.signed_transaction, 'base64'))
      expect(ed25519.verify(back.signatures[0], back.message.serialize(), payer.toBytes())).toBe(true)
      expect((await signTx(tx(1001))).json().data.rule).toBe('lamports.per_transaction')
      expect((await signTx(tx(600))).json().data.rule).toBe('lamports.per_day')
      expect((await signTx(tx(10, true))).json().data.rule).toBe('solana_programs')
      expect((await signTx(tx(500))).statusCode).toBe(200)
      // An Ethereum method on a Solana wallet is a bad request, not a signature.
      expect((await rpc(b, walletId, personalSign)).statusCode).toBe(400)
    })
  })

  /** A user of the app with a Solana embedded wallet row, its key held by the stand-in signer (the custody part makes the real ones). */
  async function solanaWallet(b: Backend, email: string) {
    const { user } = await h.login(b.appId, email, { device: await testDevice(() => h.clock.now()) })
    const kp = solanaKeypair()
    const walletId = `sol-${user.id.slice(-12)}`
    const t = Date.now()
    await h.server.gatehouse.db
      .insertInto('linked_accounts')
      .values({
        id: walletId,
        user_id: user.id,
        app_id: b.appId,
        type: 'wallet',
        address: kp.address,
        verified_at: t,
        first_verified_at: t,
        latest_verified_at: t,
        details: JSON.stringify({ id: walletId, chain_type: 'solana', wallet_client_type: 'privy', wallet_client: 'privy', connector_type: 'embedded' }),
      })
      .execute()
    signer.delegateSolana(walletId, kp.secret)
    return { walletId, kp }
  }

  it('signAndSendTransaction lands on the local Solana cluster', async () => {
    const sol = await startLocalSolana()
    try {
      const b = await backend({ solanaCluster: { name: 'localnet', rpcUrl: sol.url } })
      const { walletId, kp } = await solanaWallet(b, 'solana-send@example.com')
      await setPolicy(b, walletId, {
        methods: ['signAndSendTransaction'],
        solana_programs: [SystemProgram.programId.toBase58()],
        lamports: { per_day: '5000000' },
      })
      await sol.airdrop(kp.address, 1_000_000_000n)
      const to = solanaKeypair().address
      const { value } = (await sol.request('getLatestBlockhash')) as { value: { blockhash: string } }
      const payer = new PublicKey(kp.address)
      const transfer = (lamports: number) => {
        const msg = new TransactionMessage({
          payerKey: payer,
          recentBlockhash: value.blockhash,
          instructions: [SystemProgram.transfer({ fromPubkey: payer, toPubkey: new PublicKey(to), lamports })],
        }).compileToV0Message()
        return Buffer.from(new VersionedTransaction(msg).serialize()).toString('base64')
      }
      const send = (transaction: string) =>
        rpc(b, walletId, { method: 'signAndSendTransaction', caip2: 'solana:localnet', params: { transaction, encoding: 'base64' } })
      const first = transfer(2_000_000)
      const res = await send(first)
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json().data.caip2).toBe('solana:localnet')
      expect(((await sol.request('getBalance', [to])) as { value: number }).value).toBe(2_000_000)
      // The same transaction again: the cluster refuses it, and it spends nothing of the day…
      const again = await send(first)
      expect(again.statusCode).toBe(400)
      // …so 2,000,001 more still fits the 5,000,000 a day, and 1,000,000 after that does not.
      expect((await send(transfer(2_000_001))).statusCode).toBe(200)
      expect(((await sol.request('getBalance', [to])) as { value: number }).value).toBe(4_000_001)
      expect((await send(transfer(1_000_000))).json().data.rule).toBe('lamports.per_day')
    } finally {
      await sol.close()
    }
  })

  it('export: refused for everyone (the signed backend, the owner’s token, no one), before any lookup; nothing leaves', async () => {
    const b = await backend()
    const { walletId, token } = await delegatedWallet(b, 'export@example.com')
    await setPolicy(b, walletId, { methods: ['personal_sign'] })
    const body = { encryption_type: 'HPKE', recipient_public_key: Buffer.alloc(65, 4).toString('base64') }
    const answers = [
      await call(b, 'POST', `/wallets/${walletId}/export`, body),
      await inject('POST', `/api/v1/wallets/${walletId}/export`, { authorization: `Bearer ${token}`, 'privy-app-id': b.appId }, body),
      await inject('POST', `/api/v1/wallets/${walletId}/export`, {}, body),
      await inject('POST', '/api/v1/wallets/no-such-wallet/export', {}, body),
    ]
    for (const res of answers) {
      expect(res.statusCode).toBe(422)
      expect(res.json()).toEqual({ code: 'not_supported', error: expect.stringContaining('only the wallet') })
    }
    expect(signer.signed.filter((s) => s.ref.walletId === walletId)).toEqual([])
  })

  describe('privy-idempotency-key', () => {
    it('a repeat answers the first answer without signing again, across instances; another body is refused; the key is per app', async () => {
      const b = await backend()
      const { walletId } = await delegatedWallet(b, 'idempotent@example.com')
      await setPolicy(b, walletId, { methods: ['personal_sign'] })
      const signedBefore = signer.signed.length
      const first = await rpc(b, walletId, personalSign, { idempotencyKey: 'order-1' })
      expect(first.statusCode, first.body).toBe(200)
      expect(signer.signed.length).toBe(signedBefore + 1)
      // A repeat signed anew by the backend (a new expiry) gets the first answer; the very same signed bytes again are a replay, refused.
      const expiry = h.clock.now() + 30_000
      const resigned = await rpc(b, walletId, personalSign, { idempotencyKey: 'order-1', expiry })
      const sameBytes = await rpc(b, walletId, personalSign, { idempotencyKey: 'order-1', expiry })
      expect(sameBytes.statusCode).toBe(401)
      expect(sameBytes.json().code).toBe('invalid_authorization_signature')
      // A second server on the same database answers it too.
      const second = await startHarness(sameDatabase(target.kind, h.database), { delegatedSigner: signer })
      try {
        const elsewhere = await rpc(b, walletId, personalSign, { idempotencyKey: 'order-1', via: second, expiry: expiry + 1 })
        for (const repeat of [resigned, elsewhere]) {
          expect(repeat.statusCode, repeat.body).toBe(200)
          expect(repeat.json()).toEqual(first.json())
        }
      } finally {
        await second.server.close()
      }
      expect(signer.signed.length).toBe(signedBefore + 1)
      expect(await auditRows(b.appId, 'wallet.rpc')).toHaveLength(1)

      // The same key with another body: refused, nothing signed.
      const other = await rpc(
        b,
        walletId,
        { method: 'personal_sign', params: { message: 'another message', encoding: 'utf-8' } },
        { idempotencyKey: 'order-1' },
      )
      expect(other.statusCode).toBe(409)
      expect(other.json().code).toBe('idempotency_key_reused')
      expect(signer.signed.length).toBe(signedBefore + 1)
      // A new key signs anew; without a key, the replay rule alone holds (a repeat of the bytes is refused).
      expect((await rpc(b, walletId, personalSign, { idempotencyKey: 'order-2' })).statusCode).toBe(200)
      expect(signer.signed.length).toBe(signedBefore + 2)
      const plain = await rpc(b, walletId, personalSign, { expiry })
      expect(plain.statusCode).toBe(200)
      expect((await rpc(b, walletId, personalSign, { expiry })).json().code).toBe('invalid_authorization_signature')

      // A denial is an answer too: its repeat is the same denial, recorded once.
      await setPolicy(b, walletId, { methods: ['eth_signTypedData_v4'] })
      const denied = await rpc(b, walletId, personalSign, { idempotencyKey: 'order-3' })
      expect(denied.json()).toMatchObject({ code: 'policy_violation', data: { rule: 'methods' } })
      await setPolicy(b, walletId, { methods: ['personal_sign'] })
      const deniedAgain = await rpc(b, walletId, personalSign, { idempotencyKey: 'order-3' })
      expect(deniedAgain.statusCode).toBe(403)
      expect(deniedAgain.json()).toEqual(denied.json())
      expect(await auditRows(b.appId, 'wallet.rpc_denied')).toHaveLength(1)

      // Another app's key of the same name is its own.
      const c = await backend()
      const { walletId: theirs } = await delegatedWallet(c, 'idempotent-other@example.com')
      await setPolicy(c, theirs, { methods: ['personal_sign'] })
      expect((await rpc(c, theirs, personalSign, { idempotencyKey: 'order-1' })).statusCode).toBe(200)

      // Kept 24 hours: after that the key is free again.
      h.clock.advance(24 * 60 * 60 * 1000 + 1)
      const later = await rpc(b, walletId, personalSign, { idempotencyKey: 'order-1' })
      expect(later.statusCode, later.body).toBe(200)
      expect(signer.signed.length).toBe(signedBefore + 5)
    })

    it('eth_sendTransaction: a repeat answers the first hash and broadcasts nothing', async () => {
      const b = await backend()
      const { walletId, account } = await delegatedWallet(b, 'idempotent-send@example.com', ETH)
      await setPolicy(b, walletId, { methods: ['eth_sendTransaction'], recipients: [RECIPIENT] })
      const body = { method: 'eth_sendTransaction', caip2: 'eip155:31337', params: { transaction: { to: RECIPIENT, value: '0x64' } } }
      const [one, two] = await Promise.all([
        rpc(b, walletId, body, { idempotencyKey: 'pay-1', expiry: h.clock.now() + 20_000 }),
        rpc(b, walletId, body, { idempotencyKey: 'pay-1', expiry: h.clock.now() + 21_000 }),
      ])
      // Two at once: one runs, the other is told it is running (or, if it came second, gets the answer).
      const answers = [one, two].filter((r) => r.statusCode === 200)
      expect(answers.length).toBeGreaterThanOrEqual(1)
      for (const r of [one, two]) if (r.statusCode !== 200) expect(r.json().code).toBe('idempotency_key_in_progress')
      const again = await rpc(b, walletId, body, { idempotencyKey: 'pay-1', expiry: h.clock.now() + 30_000 })
      expect(again.json()).toEqual(answers[0]!.json())
      expect(Number(await chain.request('eth_getTransactionCount', [account.address, 'latest']))).toBe(1)
    })
  })

  describe('eth_sendTransaction on the local chain', () => {
    it('lands on chain from the delegated wallet; two concurrent sends get consecutive nonces', async () => {
      const b = await backend()
      const { walletId, account } = await delegatedWallet(b, 'send@example.com', ETH)
      await setPolicy(b, walletId, { methods: ['eth_sendTransaction'], recipients: [RECIPIENT], native_value: { per_transaction: String(ETH / 10n) } })
      const before = BigInt((await chain.request('eth_getBalance', [RECIPIENT, 'latest'])) as string)
      const send = (value: bigint) =>
        rpc(b, walletId, { method: 'eth_sendTransaction', caip2: 'eip155:31337', params: { transaction: { to: RECIPIENT, value: `0x${value.toString(16)}` } } })
      const one = await send(1000n)
      expect(one.statusCode, one.body).toBe(200)
      expect(one.json()).toMatchObject({ method: 'eth_sendTransaction', data: { caip2: 'eip155:31337' } })
      const receipt = (await chain.request('eth_getTransactionReceipt', [one.json().data.hash])) as { status: string; from: string } | null
      expect(receipt?.status).toBe('0x1')
      expect(receipt?.from.toLowerCase()).toBe(account.address.toLowerCase())
      expect(BigInt((await chain.request('eth_getBalance', [RECIPIENT, 'latest'])) as string) - before).toBe(1000n)

      const [x, y] = await Promise.all([send(1n), send(2n)])
      expect(x.statusCode, x.body).toBe(200)
      expect(y.statusCode, y.body).toBe(200)
      const nonces = await Promise.all(
        [x, y].map(async (r) => Number(((await chain.request('eth_getTransactionByHash', [r.json().data.hash])) as { nonce: string }).nonce)),
      )
      expect(nonces.sort()).toEqual([1, 2])
      expect(Number(await chain.request('eth_getTransactionCount', [account.address, 'latest']))).toBe(3)
      // Over the per-transaction value: refused before anything is signed or sent.
      const over = await send(ETH)
      expect(over.json().data.rule).toBe('native_value.per_transaction')
      expect(Number(await chain.request('eth_getTransactionCount', [account.address, 'latest']))).toBe(3)
      const hashes = (await auditRows(b.appId, 'wallet.rpc')).map((r) => JSON.parse(r.details!).hash)
      expect(hashes).toHaveLength(3)
    })
  })
})
