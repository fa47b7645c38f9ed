import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { User } from '../api/user.ts'
import { openModal } from '../actions/openModal.ts'
import { TIMING } from './timing.ts'
import { $modal, currentScreen, pushScreen } from '../stores/modal.ts'
import { appConfig, configured, recordEvents, resetAll } from '../testing/harness.ts'
import { completeFlow, continueLogin, type Later } from './completion.ts'
import { registerPostLoginStep } from './postLogin.ts'

const user = (hasAcceptedTerms: boolean) => ({ id: 'u', linkedAccounts: [], hasAcceptedTerms, isGuest: false }) as unknown as User
const login = (hasAcceptedTerms = true) => ({ user: user(hasAcceptedTerms), isNewUser: true, loginMethod: 'email' })
const requireTerms = () => configured(appConfig({ legal: { requireUsersAcceptTerms: true } }))

let events: [string, any][] = []
beforeEach(() => {
  resetAll()
  configured()
  events = recordEvents()
  openModal()
  pushScreen({ name: 'code' })
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
  registerPostLoginStep({ name: 'wallet', screen: () => null })
})

describe('completeFlow (spec §4: 900 ms to the next step, else close after 1400 ms)', () => {
  // Spec part 1 §9 'Next-screen delay after success 900 ms; close delay 1400 ms' (literal here on purpose).
  it('no step applies: closes after 1400 ms', () => {
    completeFlow(login())
    vi.advanceTimersByTime(1399)
    expect($modal.get().open).toBe(true)
    vi.advanceTimersByTime(1)
    expect($modal.get().open).toBe(false)
    expect(events.map((e) => e[0])).toContain('modal-close')
  })

  it('terms required: the terms screen after 900 ms, and the modal stays open', () => {
    requireTerms()
    completeFlow(login(false))
    vi.advanceTimersByTime(899)
    expect(currentScreen()).toEqual({ name: 'code' })
    vi.advanceTimersByTime(1)
    expect(currentScreen()).toEqual({ name: 'terms' })
    vi.advanceTimersByTime(TIMING.closeDelayMs)
    expect($modal.get().open).toBe(true)
  })

  it('a registered step (wallet creation) follows when terms do not apply', () => {
    registerPostLoginStep({ name: 'wallet', screen: () => ({ name: 'error', title: 'wallet', detail: 'd', cta: 'c' }) })
    completeFlow(login())
    vi.advanceTimersByTime(TIMING.nextScreenDelayMs)
    expect(currentScreen()).toMatchObject({ name: 'error', title: 'wallet' })
    // The finished login screens are not behind it: no Back arrow to the used code screen.
    expect($modal.get().stack).toHaveLength(1)
  })

  it('a link or an update (no login context) only closes, after 1400 ms', () => {
    requireTerms()
    completeFlow(null)
    vi.advanceTimersByTime(TIMING.closeDelayMs)
    expect($modal.get().open).toBe(false)
  })

  it("'provider' pace (OAuth, Telegram): 1400 ms to the next screen as to closing", () => {
    requireTerms()
    completeFlow(login(false), undefined, 'provider')
    vi.advanceTimersByTime(TIMING.nextScreenDelayMs)
    expect(currentScreen()).toEqual({ name: 'code' })
    vi.advanceTimersByTime(1399 - TIMING.nextScreenDelayMs)
    expect(currentScreen()).toEqual({ name: 'code' })
    vi.advanceTimersByTime(1)
    expect(currentScreen()).toEqual({ name: 'terms' })
  })

  it('runs through the given later(), so a screen that unmounts can cancel it', () => {
    const scheduled: [number, () => void][] = []
    const later: Later = (ms, run) => void scheduled.push([ms, run])
    completeFlow(login(), later)
    expect(scheduled.map(([ms]) => ms)).toEqual([1400])
    vi.advanceTimersByTime(5000)
    expect($modal.get().open).toBe(true)
    scheduled[0][1]()
    expect($modal.get().open).toBe(false)
  })
})

describe('continueLogin', () => {
  it('moves on at once: the step after the one just finished, else closes', () => {
    requireTerms()
    registerPostLoginStep({ name: 'wallet', screen: () => ({ name: 'error', title: 'wallet', detail: 'd', cta: 'c' }) })
    continueLogin(login(false), 'terms')
    expect(currentScreen()).toMatchObject({ title: 'wallet' })
    registerPostLoginStep({ name: 'wallet', screen: () => null })
    continueLogin(login(false), 'terms')
    expect($modal.get().open).toBe(false)
  })
})
