/**
 * Giving up on a wallet's recovery (spec part 2 §8 'Others', part 3 §8): closing the modal on
 * 'Enter your password' rejects the action waiting for the wallet; a recovery OAuth popup that
 * could not open fails the cloud grant.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { $modal } from '../../stores/modal.ts'
import type { Wallet } from '../../stores/wallets.ts'
import { configured, resetAll } from '../../testing/harness.ts'
import { withWalletTimeout } from '../external/walletTimeout.ts'
import { obtainCloudGrant } from './cloudGrant.ts'
import { promptRecoveryPassword } from './recoveryPrompt.ts'

const opened = vi.hoisted(() => [] as unknown[])
vi.mock('./modal.ts', () => ({ openWalletScreen: (screen: unknown) => void opened.push(screen) }))

const wallet = { address: '0x2222222222222222222222222222222222222222', recoveryMethod: 'user-passcode' } as Wallet

beforeEach(() => {
  resetAll()
  configured()
  opened.length = 0
})

describe('recovery given up', () => {
  it("error: closing the modal on 'Enter your password' rejects with 'User exited before wallet could be connected' (USER_EXITED_AUTH_FLOW)", async () => {
    $modal.set({ ...$modal.get(), open: true })
    const waiting = promptRecoveryPassword(wallet)
    expect(opened).toEqual([{ name: 'embedded-wallet-recover-password', address: wallet.address }])
    $modal.set({ ...$modal.get(), open: false })
    await expect(waiting).rejects.toMatchObject({ code: 'USER_EXITED_AUTH_FLOW', shortMessage: 'User exited before wallet could be connected' })
  })

  it("error: a recovery OAuth popup that could not open reads 'Recovery OAuth failed', saying why", async () => {
    await expect(obtainCloudGrant('google-drive', null)).rejects.toMatchObject({
      code: 'RECOVERY_OAUTH_FAILED',
      shortMessage: 'Recovery OAuth failed',
      details: 'The sign-in window could not open. Allow pop-ups for this site and try again.',
    })
  })
})

describe('an external wallet that never answers', () => {
  it("error: rejects with 'Wallet timeout' (WALLET_TIMEOUT) after the given time, not before", async () => {
    vi.useFakeTimers()
    try {
      const answer = withWalletTimeout(new Promise(() => {}), 120_000)
      let settled = false
      answer.catch(() => (settled = true))
      await vi.advanceTimersByTimeAsync(119_999)
      expect(settled).toBe(false)
      const seen = expect(answer).rejects.toMatchObject({ code: 'WALLET_TIMEOUT', shortMessage: 'Wallet timeout' })
      await vi.advanceTimersByTimeAsync(1)
      await seen
    } finally {
      vi.useRealTimers()
    }
  })
})
