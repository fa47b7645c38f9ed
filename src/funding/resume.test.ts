import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { User } from '../api/user.ts'
import { $config, initialConfigState } from '../stores/config.ts'
import { $modal } from '../stores/modal.ts'
import { $session } from '../stores/session.ts'
import type { FundingConfig } from './config.ts'
import { purchaseKey } from './purchase.ts'
import { leftForChooser, resumeStoredPurchase, storedPurchase } from './resume.ts'

const store = new Map<string, string>()
const config = { address: '0xAbC', chainType: 'ethereum', chain: { id: 31337 }, amount: '0.04', usingDefaultFundingMethod: true } as FundingConfig
const stored = (userId: string, provider = 'moonpay', via?: string) =>
  store.set(purchaseKey('app1'), JSON.stringify({ provider, id: 'ext-9', via, userId, config, storedAt: 1 }))

beforeEach(() => {
  ;(globalThis as { sessionStorage?: unknown }).sessionStorage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  }
  $config.set({ ...initialConfigState, appId: 'app1' })
  $session.set({ status: 'authenticated', user: { id: 'u1' } as User, tokens: null })
  $modal.set({ ...$modal.get(), open: false })
})
afterEach(() => {
  store.clear()
  delete (globalThis as { sessionStorage?: unknown }).sessionStorage
})

describe('resuming a stored purchase (src/funding/purchase.ts)', () => {
  it("after a reload the modal opens on the purchase's status, above the chooser, polling the stored id", () => {
    stored('u1')
    resumeStoredPurchase()
    const { open, stack } = $modal.get()
    expect(open).toBe(true)
    expect(stack).toEqual([{ name: 'funding-methods' }, { name: 'funding-card', resume: 'ext-9' }])
    // Back to the chooser from here gives the purchase up; the status on top does not.
    expect(leftForChooser()).toBe(false)
    $modal.set({ ...$modal.get(), stack: [{ name: 'funding-methods' }] })
    expect(leftForChooser()).toBe(true)
  })

  it("an exchange purchase resumes on the exchange status with its button's `via`", () => {
    stored('u1', 'coinbase', 'card')
    resumeStoredPurchase()
    expect($modal.get().stack.at(-1)).toEqual({ name: 'funding-exchange', via: 'card', resume: 'ext-9' })
  })

  it("the host's funding call for the same wallet finds it (any address case); for another wallet, none", () => {
    stored('u1')
    expect(storedPurchase('0xabc')?.id).toBe('ext-9')
    expect(storedPurchase('0xdef')).toBeNull()
  })

  it("error: another user's purchase on this tab is never resumed", () => {
    stored('u2')
    resumeStoredPurchase()
    expect($modal.get().open).toBe(false)
    expect(storedPurchase()).toBeNull()
  })
})
