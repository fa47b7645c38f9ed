import { beforeEach, describe, expect, it } from 'vitest'
import { $emailFlow, canTransition, dispatchEmailFlow, InvalidTransitionError, transition, type EmailFlowState } from './emailFlow.ts'

describe('e-mail flow state machine', () => {
  it('walks the happy path sending-code → awaiting-code-input → submitting-code → done', () => {
    let state: EmailFlowState = 'idle'
    state = transition(state, 'SEND')
    expect(state).toBe('sending-code')
    state = transition(state, 'SENT')
    expect(state).toBe('awaiting-code-input')
    state = transition(state, 'SUBMIT')
    expect(state).toBe('submitting-code')
    state = transition(state, 'SUCCEED')
    expect(state).toBe('done')
  })

  it('fails from sending-code and from submitting-code', () => {
    expect(transition('sending-code', 'FAIL')).toBe('error')
    expect(transition('submitting-code', 'FAIL')).toBe('error')
  })

  it('recovers from error by a new code or a new submit', () => {
    expect(transition('error', 'SEND')).toBe('sending-code')
    expect(transition('error', 'SUBMIT')).toBe('submitting-code')
  })

  it('resends while awaiting input, and accepts a code sent earlier from idle', () => {
    expect(transition('awaiting-code-input', 'SEND')).toBe('sending-code')
    expect(transition('idle', 'SUBMIT')).toBe('submitting-code')
  })

  it('RESET returns to idle from every state', () => {
    for (const state of ['idle', 'sending-code', 'awaiting-code-input', 'submitting-code', 'done', 'error'] as const) {
      expect(transition(state, 'RESET')).toBe('idle')
    }
  })

  const invalid: [EmailFlowState, Parameters<typeof transition>[1]][] = [
    ['idle', 'SENT'],
    ['idle', 'SUCCEED'],
    ['sending-code', 'SEND'],
    ['sending-code', 'SUBMIT'],
    ['awaiting-code-input', 'SUCCEED'],
    ['submitting-code', 'SUBMIT'],
    ['done', 'SEND'],
    ['done', 'SUBMIT'],
    ['error', 'SUCCEED'],
  ]
  for (const [state, event] of invalid) {
    it(`error: refuses ${event} while ${state}`, () => {
      expect(canTransition(state, event)).toBe(false)
      expect(() => transition(state, event)).toThrow(InvalidTransitionError)
    })
  }

  describe('store', () => {
    beforeEach(() => $emailFlow.set({ state: 'idle', email: '', sentTo: null, error: null, inlineError: null }))

    it('dispatch moves the store and merges context', () => {
      dispatchEmailFlow('SEND', { email: 'a@b.co' })
      expect($emailFlow.get()).toMatchObject({ state: 'sending-code', email: 'a@b.co' })
    })

    it('error: an invalid dispatch leaves the store unchanged', () => {
      expect(() => dispatchEmailFlow('SUCCEED')).toThrow(InvalidTransitionError)
      expect($emailFlow.get().state).toBe('idle')
    })
  })
})
