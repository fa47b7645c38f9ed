import { describe, expect, it } from 'vitest'
import type { FundingConfig } from './config.ts'
import { FUNDING_TIMING } from './flows.ts'
import { clearPurchase, markPurchaseReported, purchaseKey, readPurchase, storePurchaseLater, type PurchaseClock, type PurchaseStorage } from './purchase.ts'

/** A clock whose timers run only when the test moves time on. */
function fakeClock(): PurchaseClock & { advance: (ms: number) => void } {
  let t = 1_000
  const timers: { at: number; run: () => void }[] = []
  return {
    now: () => t,
    setTimer: (run, ms) => void timers.push({ at: t + ms, run }),
    advance(ms) {
      t += ms
      for (const timer of timers.filter((x) => x.at <= t)) {
        timers.splice(timers.indexOf(timer), 1)
        timer.run()
      }
    },
  }
}
function memory(): PurchaseStorage & { map: Map<string, string> } {
  const map = new Map<string, string>()
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) }
}
const config = { address: '0xabc', chainType: 'ethereum', amount: '0.04' } as FundingConfig

describe('a card or exchange purchase kept across a reload (spec part 3 §9)', () => {
  it('the card provider transaction id is stored after exactly 8 s, and polling starts then', () => {
    const clock = fakeClock()
    const storage = memory()
    let polling = 0
    storePurchaseLater('app1', { provider: 'moonpay', id: 'ext-1', userId: 'u1', config }, () => polling++, { storage, clock })
    clock.advance(7_999)
    expect(readPurchase('app1', 'u1', storage)).toBeNull()
    expect(polling).toBe(0)
    clock.advance(1)
    expect(FUNDING_TIMING.moonpayTransactionIdStoreMs).toBe(8000)
    expect(readPurchase('app1', 'u1', storage)).toMatchObject({ provider: 'moonpay', id: 'ext-1', storedAt: 9_000, config })
    expect(polling).toBe(1)
  })

  it('the on-ramp partner id is stored after exactly 5 s', () => {
    const clock = fakeClock()
    const storage = memory()
    storePurchaseLater('app1', { provider: 'coinbase', id: 'partner-1', via: 'card', userId: 'u1', config }, () => {}, { storage, clock })
    clock.advance(4_999)
    expect(readPurchase('app1', 'u1', storage)).toBeNull()
    clock.advance(1)
    expect(readPurchase('app1', 'u1', storage)).toMatchObject({ provider: 'coinbase', id: 'partner-1', via: 'card' })
  })

  it('a purchase left for the chooser before its id was stored is never stored', () => {
    const clock = fakeClock()
    const storage = memory()
    let polling = 0
    const cancel = storePurchaseLater('app1', { provider: 'moonpay', id: 'ext-2', userId: 'u1', config }, () => polling++, { storage, clock })
    clock.advance(3_000)
    cancel()
    clock.advance(10_000)
    expect(storage.map.size).toBe(0)
    expect(polling).toBe(0)
  })

  it('error: another user, another app, a malformed entry or a cleared purchase resume nothing', () => {
    const clock = fakeClock()
    const storage = memory()
    storePurchaseLater('app1', { provider: 'moonpay', id: 'ext-3', userId: 'u1', config }, () => {}, { storage, clock })
    clock.advance(8_000)
    expect(readPurchase('app1', 'u2', storage)).toBeNull()
    expect(readPurchase('app2', 'u1', storage)).toBeNull()
    expect(readPurchase('app1', null, storage)).toBeNull()
    clearPurchase('app1', storage)
    expect(readPurchase('app1', 'u1', storage)).toBeNull()
    storage.setItem(purchaseKey('app1'), '{not json')
    expect(readPurchase('app1', 'u1', storage)).toBeNull()
    storage.setItem(purchaseKey('app1'), JSON.stringify({ provider: 'other', id: 'x', userId: 'u1' }))
    expect(readPurchase('app1', 'u1', storage)).toBeNull()
  })

  it('a terminal status that stays shown is reported once: a resumed purchase does not report it again (spec part 3 §4)', () => {
    const clock = fakeClock()
    const storage = memory()
    storePurchaseLater('app1', { provider: 'moonpay', id: 'ext-4', userId: 'u1', config }, () => {}, { storage, clock })
    clock.advance(8_000)
    expect(markPurchaseReported('app1', 'waitingAuthorization', storage)).toBe(true)
    expect(markPurchaseReported('app1', 'waitingAuthorization', storage)).toBe(false)
    // Still the same purchase to resume, now remembering its report.
    expect(readPurchase('app1', 'u1', storage)).toMatchObject({ id: 'ext-4', reported: 'waitingAuthorization' })
    // Another terminal status is news.
    expect(markPurchaseReported('app1', 'completed', storage)).toBe(true)
    // Nothing stored (storage blocked, or the purchase already cleared): report.
    clearPurchase('app1', storage)
    expect(markPurchaseReported('app1', 'completed', storage)).toBe(true)
    expect(markPurchaseReported('app1', 'completed', null)).toBe(true)
  })
})
