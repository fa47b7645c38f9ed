import { describe, expect, it } from 'vitest'
import { approveBlocked, mainButton, titleKind, txTransition } from './flow.ts'

describe('transaction states (spec part 3 §4)', () => {
  it('preparing → ready → submitting → awaiting-receipt → success', () => {
    expect(txTransition('preparing', 'prepared')).toBe('ready')
    expect(txTransition('ready', 'approve')).toBe('submitting')
    expect(txTransition('submitting', 'broadcast')).toBe('awaiting-receipt')
    expect(txTransition('awaiting-receipt', 'receipt')).toBe('success')
  })
  it('sign-only mode goes from submitting to success; a batch signs its next step after a receipt', () => {
    expect(txTransition('submitting', 'signed')).toBe('success')
    expect(txTransition('awaiting-receipt', 'approve')).toBe('submitting')
  })
  it('errors come from preparing, submitting or the receipt (a revert); retry prepares again', () => {
    for (const from of ['preparing', 'submitting', 'awaiting-receipt'] as const) expect(txTransition(from, 'fail')).toBe('error')
    expect(txTransition('error', 'retry')).toBe('preparing')
  })
  it('headless approves by itself: preparing → submitting without a review', () => {
    expect(txTransition('preparing', 'auto')).toBe('submitting')
    expect(txTransition('ready', 'auto')).toBeNull()
  })
  it('error: events that do not apply are refused', () => {
    expect(txTransition('success', 'retry')).toBeNull()
    expect(txTransition('preparing', 'approve')).toBeNull()
    expect(txTransition('ready', 'receipt')).toBeNull()
  })
  it("the main button: 'Continue' for a batch step, 'Add funds' when funds are missing and funding is available, else blocked", () => {
    const base = { last: true, fundsMissing: false, fundingEnabled: false }
    expect(mainButton({ ...base, last: false })).toBe('Continue')
    expect(mainButton(base)).toBe('Approve')
    expect(approveBlocked(base)).toBe(false)
    // Without funding, Approve stays but is disabled: it could never succeed.
    expect(mainButton({ ...base, fundsMissing: true })).toBe('Approve')
    expect(approveBlocked({ ...base, fundsMissing: true })).toBe(true)
    expect(mainButton({ ...base, fundsMissing: true, fundingEnabled: true })).toBe('Add funds')
    expect(approveBlocked({ ...base, fundsMissing: true, fundingEnabled: true })).toBe(false)
    // A batch step before the last is only reviewed, never blocked.
    expect(approveBlocked({ ...base, last: false, fundsMissing: true })).toBe(false)
  })
})

describe("the confirmation's title (spec part 3 §2)", () => {
  it("'Approve <action>' when the host names one; 'Confirm address' when nothing moves and nothing is called; else 'Confirm action'", () => {
    expect(titleKind({ value: 1n }, 'minting')).toBe('approve')
    expect(titleKind({ value: 0n, data: '0x' }, 'minting')).toBe('approve')
    for (const tx of [{}, { value: 0n }, { value: '0x0' }, { value: 0 }, { data: '0x' }]) expect(titleKind(tx)).toBe('address')
    for (const tx of [{ value: 1n }, { value: '0x1' }, { data: '0xa9059cbb' }, { value: 0n, data: '0x1249c58b' }]) expect(titleKind(tx)).toBe('action')
  })
})
