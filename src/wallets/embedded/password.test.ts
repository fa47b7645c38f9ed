import { describe, expect, it } from 'vitest'
import { generatePassphrase, passwordError, passwordFileName, passwordScore, passwordStrength } from './password.ts'

describe('recovery password rules', () => {
  it('accepts letters, digits and the listed symbols from 6 characters on', () => {
    expect(passwordError('abc12!')).toBeNull()
    expect(passwordError('A-b_c+d.e(f)')).toBeNull()
  })

  it('error: too short, or characters outside the set (spaces shown as SPACE)', () => {
    expect(passwordError('abc')).toBe('Password must be at least 6 characters')
    expect(passwordError('abc def~')).toBe('Invalid characters used ( SPACE ~ )')
  })

  it('scores variety and entropy against the 0.5 / 0.9 thresholds', () => {
    expect(passwordStrength('abcdef')).toBe('Weak') // under 8: variety 0, entropy 28/95
    expect(passwordScore('abcdefgh')).toBeCloseTo((0.25 + (8 * Math.log2(26)) / 95) / 2)
    expect(passwordStrength('Abcdefgh12')).toBe('Medium')
    expect(passwordStrength('Abcdefgh12!@xyzQ')).toBe('Strong')
    expect(passwordStrength('bad password')).toBe('Weak')
  })

  it('generates a 4-word passphrase that passes the rules', () => {
    const phrase = generatePassphrase(['alpha', 'bravo', 'charlie', 'delta', 'echo'])
    expect(phrase.split('-')).toHaveLength(4)
    expect(passwordError(phrase)).toBeNull()
  })

  it('names the download from the app name, letters and hyphens only', () => {
    expect(passwordFileName('Gatehouse Demo 2!')).toBe('Gatehouse-Demo-wallet-recovery.txt')
    expect(passwordFileName('')).toBe('wallet-wallet-recovery.txt')
  })
})
