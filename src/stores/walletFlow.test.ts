import { beforeEach, describe, expect, it } from 'vitest'
import { $walletFlow, setWalletStatus, startWalletFlow, takeWalletRetry, WALLET_MAX_RETRIES } from './walletFlow.ts'

describe('$walletFlow (spec part 2 §4 wallet connection)', () => {
  beforeEach(() => startWalletFlow('login'))

  it('goes connecting → connected → signing → success', () => {
    for (const status of ['connecting', 'connected', 'signing', 'success'] as const) expect(setWalletStatus(status)).toBe(true)
    expect($walletFlow.get()).toMatchObject({ intent: 'login', status: 'success', error: null })
  })

  it('passes through switching_to_supported_chain when the wallet is on another chain', () => {
    expect(setWalletStatus('connecting')).toBe(true)
    expect(setWalletStatus('switching_to_supported_chain')).toBe(true)
    expect(setWalletStatus('connected')).toBe(true)
  })

  it('error: keeps the error, and a retry goes back to connecting or signing', () => {
    setWalletStatus('connecting')
    setWalletStatus('error', { title: 'You rejected the request', detail: null, retryable: true })
    expect($walletFlow.get().error?.title).toBe('You rejected the request')
    expect(setWalletStatus('signing')).toBe(true)
    expect($walletFlow.get().error).toBeNull()
  })

  it('error: impossible moves (a double click, a stale callback) are refused', () => {
    expect(setWalletStatus('signing')).toBe(false)
    expect(setWalletStatus('success')).toBe(false)
    expect($walletFlow.get().status).toBe('idle')
  })

  it('error: at most 2 retries', () => {
    for (let i = 0; i < WALLET_MAX_RETRIES; i++) expect(takeWalletRetry()).toBe(true)
    expect(takeWalletRetry()).toBe(false)
    expect($walletFlow.get().retries).toBe(2)
    startWalletFlow('connect')
    expect($walletFlow.get()).toEqual({ intent: 'connect', status: 'idle', retries: 0, error: null })
  })
})
