import { describe, expect, it } from 'vitest'
import type { AppConfig } from '../api/types.ts'
import { landingLayout, NO_LOGIN_METHOD_MESSAGE } from './landingLayout.ts'

const app = (overrides: Partial<AppConfig>): AppConfig => ({ id: 'a', name: 'A', ...overrides })
const flags = (...methods: string[]) => Object.fromEntries(methods.map((m) => [m, true]))

describe('layout A (method switches)', () => {
  it('web2-first: inline e-mail first, 3 entries, the rest behind "More options"', () => {
    const layout = landingLayout({ app: app({ loginMethods: flags('email', 'google', 'apple', 'passkey', 'wallet') }) })
    expect(layout).toMatchObject({
      inline: 'email',
      visible: ['email', 'google', 'apple'],
      overflow: ['passkey', 'wallet'],
      overflowLabel: 'More options',
      walletFirst: false,
    })
  })

  it('exactly 4 entries: 3 shown, the fourth behind "More options" (spec §9 slices to 3 plus overflow)', () => {
    expect(landingLayout({ app: app({ loginMethods: flags('email', 'google', 'apple', 'wallet') }) })).toMatchObject({
      visible: ['email', 'google', 'apple'],
      overflow: ['wallet'],
      overflowLabel: 'More options',
    })
  })

  it('3 entries fit without an overflow', () => {
    expect(landingLayout({ app: app({ loginMethods: flags('email', 'google', 'wallet') }) })).toMatchObject({
      visible: ['email', 'google', 'wallet'],
      overflow: [],
    })
  })

  it('only socials left over: "Other socials"', () => {
    const layout = landingLayout({ app: app({ loginMethods: flags('email', 'google', 'apple', 'discord', 'github') }) })
    expect(layout).toMatchObject({ visible: ['email', 'google', 'apple'], overflow: ['discord', 'github'], overflowLabel: 'Other socials' })
  })

  it('web3-first puts the wallet first', () => {
    const layout = landingLayout({ app: app({ loginGroupPriority: 'web3-first', loginMethods: flags('email', 'google', 'wallet') }) })
    expect(layout).toMatchObject({ walletFirst: true, visible: ['wallet', 'email', 'google'], inline: 'email' })
  })

  it('wallet-first is forced off without wallet login and on when no e-mail, SMS or social is enabled', () => {
    expect(landingLayout({ app: app({ loginGroupPriority: 'web3-first', loginMethods: flags('email') }) }).walletFirst).toBe(false)
    expect(landingLayout({ app: app({ loginMethods: flags('wallet', 'passkey') }) })).toMatchObject({ walletFirst: true, visible: ['wallet', 'passkey'] })
  })

  it('inline input: most recent login type, then prefill, then availability', () => {
    const both = app({ loginMethods: flags('email', 'sms') })
    expect(landingLayout({ app: both }).inline).toBe('email')
    expect(landingLayout({ app: both, recentMethod: 'sms' })).toMatchObject({ inline: 'sms', visible: ['sms', 'email'] })
    expect(landingLayout({ app: both, prefill: { type: 'phone', value: '+1 555' } }).inline).toBe('sms')
    expect(landingLayout({ app: both, recentMethod: 'email', prefill: { type: 'phone', value: '+1' } }).inline).toBe('email')
    expect(landingLayout({ app: app({ loginMethods: flags('sms', 'google') }) }).inline).toBe('sms')
    expect(landingLayout({ app: app({ loginMethods: flags('email') }), recentMethod: 'sms' }).inline).toBe('email')
  })

  it('hideDirectWeb2Inputs keeps e-mail as a button, with no inline input', () => {
    expect(landingLayout({ app: app({ hideDirectWeb2Inputs: true, loginMethods: flags('email', 'google') }) })).toMatchObject({
      inline: null,
      visible: ['email', 'google'],
    })
  })

  it('error: nothing enabled gives "You must enable at least one login method"', () => {
    expect(landingLayout({ app: app({ loginMethods: {} }) }).error).toBe(NO_LOGIN_METHOD_MESSAGE)
    expect(landingLayout({ app: app({ loginMethods: {}, loginMethodsAndOrder: { primary: [], overflow: [] } }) }).error).toBe(NO_LOGIN_METHOD_MESSAGE)
  })
})

describe('layout B (loginMethodsAndOrder)', () => {
  it('keeps the given order; with an overflow list shows 4 plus "More options"', () => {
    const layout = landingLayout({
      app: app({ loginMethodsAndOrder: { primary: ['google', 'email', 'wallet', 'passkey', 'github'], overflow: ['sms', 'discord'] } }),
    })
    expect(layout).toMatchObject({
      visible: ['google', 'email', 'wallet', 'passkey'],
      overflow: ['github', 'sms', 'discord'],
      inline: 'email',
      overflowLabel: 'More options',
    })
  })

  it('at most 5 without overflow', () => {
    const five = ['google', 'email', 'wallet', 'passkey', 'github']
    expect(landingLayout({ app: app({ loginMethodsAndOrder: { primary: five, overflow: [] } }) })).toMatchObject({ visible: five, overflow: [] })
    const six = [...five, 'apple']
    expect(landingLayout({ app: app({ loginMethodsAndOrder: { primary: six, overflow: [] } }) })).toMatchObject({
      visible: six.slice(0, 4),
      overflow: ['github', 'apple'],
    })
  })

  it('error: duplicates are warned about and dropped; more than 4 primary is warned about', () => {
    const layout = landingLayout({
      app: app({ loginMethodsAndOrder: { primary: ['google', 'google', 'email', 'apple', 'github', 'line'], overflow: ['email'] } }),
    })
    // After dropping the duplicates, 5 primary and an empty overflow: all 5 show.
    expect(layout.visible).toEqual(['google', 'email', 'apple', 'github', 'line'])
    expect(layout.overflow).toEqual([])
    expect(layout.warnings).toEqual([
      'Login method "google" is listed more than once in loginMethodsAndOrder; later entries are ignored.',
      'Login method "email" is listed more than once in loginMethodsAndOrder; later entries are ignored.',
      'At most 4 primary login methods are recommended; 5 are set.',
    ])
  })
})
