/**
 * The widget's public app-config types are written out (types/api.d.ts needs no other package), so
 * the type check holds them to the contract's schema, from which the server's types are derived:
 * every field the server serves is a field the widget declares, with a type the widget accepts.
 */
import { describe, expectTypeOf, it } from 'vitest'
import type { ChainConfig as WireChainConfig, LoginMethod, PublicAppConfig } from '@gatehouse/contract/routes/app-config'
import type { AppConfig, ChainConfig, LoginMethodKey } from './types.ts'

describe('AppConfig and the contract', () => {
  it('names the fields the server serves, no more and no fewer', () => {
    expectTypeOf<keyof AppConfig>().toEqualTypeOf<keyof PublicAppConfig>()
    expectTypeOf<LoginMethodKey>().toEqualTypeOf<LoginMethod>()
  })

  it('accepts what the server serves', () => {
    const accepts = (served: PublicAppConfig): AppConfig => served
    expectTypeOf(accepts).toBeFunction()
  })

  it('describes a chain exactly as served (testnet and sponsored always sent, usdcAddress absent rather than null)', () => {
    expectTypeOf<ChainConfig>().toEqualTypeOf<WireChainConfig>()
  })
})
