import { beforeEach, describe, expect, it, vi } from 'vitest'
import { $modal, pushScreen } from '../stores/modal.ts'
import { applyAuthResponse } from '../stores/session.ts'
import { APP_ID, authResponse, configured, recordEvents, resetAll } from '../testing/harness.ts'
import { closeModal } from './closeModal.ts'
import { openModal } from './openModal.ts'

let events: [string, any][] = []
beforeEach(() => {
  resetAll()
  configured()
  events = recordEvents()
})

describe('openModal', () => {
  it('opens on the landing screen and publishes modal-open once', () => {
    expect(openModal()).toBe(true)
    openModal()
    expect($modal.get()).toEqual({ open: true, stack: [{ name: 'landing' }] })
    expect(events).toEqual([['modal-open', null]])
  })

  it('error: refused while a user is logged in', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    applyAuthResponse(APP_ID, authResponse())
    expect(openModal()).toBe(false)
    expect($modal.get().open).toBe(false)
    expect(warn).toHaveBeenCalled()
    warn.mockRestore()
  })

  it('reopening within the reset delay keeps the current screen', () => {
    openModal()
    pushScreen({ name: 'code' })
    closeModal()
    openModal()
    expect($modal.get().stack.at(-1)).toEqual({ name: 'code' })
  })
})

describe('openModal after a finished flow', () => {
  it('reopening within the reset delay after a completed SMS login starts on the landing screen', async () => {
    const { $smsFlow } = await import('../stores/smsFlow.ts')
    openModal()
    pushScreen({ name: 'code', method: 'sms' })
    $smsFlow.set({ ...$smsFlow.get(), state: 'done' })
    closeModal()
    openModal()
    expect($modal.get().stack).toEqual([{ name: 'landing' }])
    expect($smsFlow.get().state).toBe('idle')
  })
})
