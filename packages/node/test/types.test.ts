/**
 * The SDK's wallet types are the contract's: each equals the type derived from the route's schema,
 * so changing a schema changes the SDK's type (and `npm run typecheck` fails where a use no longer
 * fits). The assertions here are checked by the type check; the test run only confirms they compile.
 */
import type { FromSchema } from 'json-schema-to-ts'
import { describe, expectTypeOf, it } from 'vitest'
import type { serverRpcBodySchemas, serverWalletSchema, walletPolicySchema } from '../../../contract/src/routes/server-wallets.ts'
import type { EthereumTransaction, RpcRequest, RpcResponse, ServerWallet, ServerWalletMethod, WalletPolicy, WalletUpdate } from '../src/index.ts'

describe('the wallet types', () => {
  it('are derived from the contract', () => {
    expectTypeOf<ServerWallet>().toEqualTypeOf<FromSchema<typeof serverWalletSchema>>()
    expectTypeOf<WalletPolicy>().toEqualTypeOf<FromSchema<typeof walletPolicySchema>>()
    expectTypeOf<RpcRequest>().toEqualTypeOf<FromSchema<(typeof serverRpcBodySchemas)[number]>>()
    expectTypeOf<WalletUpdate>().toEqualTypeOf<{ policy?: WalletPolicy | null; additional_signers?: { signer_id: string }[] }>()
    expectTypeOf<EthereumTransaction['type']>().toEqualTypeOf<0 | 2 | undefined>()
    expectTypeOf<ServerWalletMethod>().toEqualTypeOf<RpcRequest['method']>()
  })

  it('answer by method', () => {
    expectTypeOf<RpcResponse<'personal_sign'>>().toEqualTypeOf<{ method: 'personal_sign'; data: { signature: string; encoding: 'hex' | 'base64' } }>()
    expectTypeOf<RpcResponse<'signTransaction'>['data']>().toEqualTypeOf<{ signed_transaction: string; encoding: 'rlp' | 'base64' }>()
    expectTypeOf<RpcResponse<'eth_sendTransaction'>['data']>().toEqualTypeOf<{ hash: string; caip2: string | null }>()
    expectTypeOf<RpcResponse<'signAndSendTransaction'>['data']>().toEqualTypeOf<{ hash: string; caip2: string | null }>()
  })
})
