import type { ChainConfig } from '../../src/api/types.ts'
import { toUser } from '../../src/api/user.ts'
import { $config } from '../../src/stores/config.ts'
import { $session } from '../../src/stores/session.ts'
import { equal, reset, wireEmbeddedWallet, wireUser } from '../testing/harness.ts'
import { getEthereumProvider } from './ethereum-provider.ts'

const chain = (id: number): ChainConfig => ({
  id,
  name: `Chain ${id}`,
  rpcUrl: null,
  blockExplorerUrl: null,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  testnet: false,
  sponsored: false,
})
const ADDRESS = '0x1111111111111111111111111111111111111111'

describe("the tag's getEthereumProvider (answered at once, the action loaded with the first request)", () => {
  beforeEach(() => {
    reset()
    $config.set({ ...$config.get(), app: { chains: [chain(1), chain(2)], defaultChain: 1 } as never })
    const user = toUser(wireUser({ linked_accounts: [...wireUser().linked_accounts, wireEmbeddedWallet({ address: ADDRESS })] }) as never)
    $session.set({ status: 'authenticated', user, tokens: null })
  })

  it('hands the listeners added before the first request to the real provider, without the removed ones', async () => {
    const provider = getEthereumProvider(ADDRESS)
    const heard: unknown[] = []
    const removed: unknown[] = []
    const listener = (chainId: unknown) => heard.push(chainId)
    const gone = (chainId: unknown) => removed.push(chainId)
    equal(provider.on('chainChanged', listener), provider, 'on() answers the provider')
    provider.on('chainChanged', gone)
    provider.removeListener('chainChanged', gone)
    equal(await provider.request({ method: 'eth_chainId' }), '0x1')
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x2' }] })
    equal(heard, ['0x2'])
    equal(removed, [])
    provider.removeListener('chainChanged', listener)
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] })
    equal(heard, ['0x2'], 'removed after the load')
  })

  it('error: a request for an address that is not an embedded Ethereum wallet rejects as the action does (4100)', async () => {
    const error = await getEthereumProvider('0x2222222222222222222222222222222222222222')
      .request({ method: 'eth_accounts' })
      .catch((e: { code?: number }) => e)
    equal((error as { code?: number }).code, 4100)
  })
})
