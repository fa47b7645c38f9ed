import { describe, expect, it } from 'vitest'
import { formatCrypto, formatUnits, formatUsd } from './format.ts'

describe('display rules (spec part 3 §9)', () => {
  it('crypto shows up to 6 decimals, never past the token decimals', () => {
    expect(formatCrypto(1_234_567_890_123_456_789n, 18)).toBe('1.234567')
    expect(formatCrypto(12_500_000n, 6)).toBe('12.5')
    expect(formatCrypto(10n ** 18n, 18)).toBe('1')
    expect(formatCrypto(15n, 1)).toBe('1.5')
  })
  it("crypto under 0.001 shows '<0.001'", () => {
    expect(formatCrypto(999_999_999_999_999n, 18)).toBe('<0.001')
    expect(formatCrypto(1_000n, 6)).toBe('0.001')
    expect(formatCrypto(999n, 6)).toBe('<0.001')
  })
  it("fiat shows USD with 2 decimals and '<$0.01' below a cent", () => {
    expect(formatUsd(1234.5)).toBe('$1,234.50')
    expect(formatUsd(0.004)).toBe('<$0.01')
    expect(formatUsd(0)).toBe('$0.00')
  })
  it('formatUnits keeps every digit', () => {
    expect(formatUnits(1n, 18)).toBe('0.000000000000000001')
    expect(formatUnits(0n, 6)).toBe('0')
  })
})
