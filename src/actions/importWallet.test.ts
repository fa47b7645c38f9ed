import { beforeEach, describe, expect, it, vi } from 'vitest'
import { WALLET_MESSAGES } from '../errors/wallet.ts'
import { $session, applyAuthResponse } from '../stores/session.ts'
import { APP_ID, appConfig, authResponse, configured, resetAll } from '../testing/harness.ts'
import { importWallet } from './importWallet.ts'

const proxy = vi.hoisted(() => ({ ready: vi.fn(async () => undefined), request: vi.fn() }))
vi.mock('../wallets/embedded/proxy.ts', async (original) => ({ ...(await original<object>()), getWalletProxy: () => proxy }))

beforeEach(() => {
  resetAll()
})

describe('importWallet reads embeddedWallets.mode (spec part 2 §3, §5)', () => {
  it("error: an app in 'user-controlled-server-wallets-only' mode refuses the import; the key never reaches the frame", async () => {
    configured(appConfig({ embeddedWallets: { mode: 'user-controlled-server-wallets-only' } } as never))
    applyAuthResponse(APP_ID, authResponse())
    expect($session.get().status).toBe('authenticated')
    await expect(importWallet({ privateKey: `0x${'11'.repeat(32)}` })).rejects.toMatchObject({
      shortMessage: 'Importing wallets is only supported for on-device execution...',
      code: 'FAILED_TO_CREATE_WALLET',
    })
    expect(proxy.request).not.toHaveBeenCalled()
  })

  it('without a mode (the default) the key goes to the frame', async () => {
    configured(appConfig())
    applyAuthResponse(APP_ID, authResponse())
    proxy.request.mockRejectedValueOnce(new Error('frame says no'))
    await expect(importWallet({ privateKey: `0x${'11'.repeat(32)}` })).rejects.toMatchObject({ shortMessage: WALLET_MESSAGES.failedToCreate })
    expect(proxy.request).toHaveBeenCalledWith('wallets:import', expect.objectContaining({ chainType: 'ethereum' }))
  })
})
