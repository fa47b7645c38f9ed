/**
 * `getEthereumProvider()` of the tags: synchronous by contract (hosts hand the provider straight to
 * viem's `custom()` or wagmi, which take an object, not a promise), so the provider is answered at
 * once and the action's module (the chain list, the RPC client, the wallet errors) loads with its
 * first request. Listeners added before that are handed to the real provider when it exists.
 */
import type { EIP1193RequestArguments, EmbeddedEthereumProvider, GetEthereumProviderOptions } from '../../src/actions/getEthereumProvider.ts'

type Listener = (...args: unknown[]) => void

export function getEthereumProvider(address: string, options?: GetEthereumProviderOptions): EmbeddedEthereumProvider {
  let real: EmbeddedEthereumProvider | null = null
  let loading: Promise<EmbeddedEthereumProvider> | null = null
  const waiting: [string, Listener][] = []
  const load = () =>
    (loading ??= import('../../src/actions/getEthereumProvider.ts').then((m) => {
      real = m.getEthereumProvider(address, options)
      for (const [event, listener] of waiting.splice(0)) real.on(event, listener)
      return real
    }))
  const provider: EmbeddedEthereumProvider = {
    async request(args: EIP1193RequestArguments) {
      return (real ?? (await load())).request(args)
    },
    on(event, listener) {
      if (real) real.on(event, listener)
      else waiting.push([event, listener])
      return provider
    },
    removeListener(event, listener) {
      if (real) real.removeListener(event, listener)
      else {
        const index = waiting.findIndex(([e, l]) => e === event && l === listener)
        if (index >= 0) waiting.splice(index, 1)
      }
      return provider
    },
  }
  return provider
}
