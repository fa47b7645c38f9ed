/**
 * Spec part 3 §9 display rules: fiat in USD with 2 decimals ('<$0.01' below a cent); crypto up to 6
 * decimals ('<0.001' below that), never more precise than the token's decimals.
 */
export const MAX_UINT256 = 2n ** 256n - 1n

/** A base-unit amount as a decimal string, no rounding (viem's formatUnits without viem). */
export function formatUnits(value: bigint, decimals: number): string {
  const negative = value < 0n
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}

/** Crypto amount for the screen: up to 6 decimals (never past the token's), '<0.001' for dust. */
export function formatCrypto(value: bigint, decimals: number): string {
  if (value === 0n) return '0'
  const threshold = decimals >= 3 ? 10n ** BigInt(decimals - 3) : 0n
  if (value < threshold) return '<0.001'
  const shown = Math.min(6, decimals)
  const unit = 10n ** BigInt(decimals - shown)
  const text = formatUnits(value / unit, shown)
  return text
}

/** USD for the screen: 2 decimals, '<$0.01' below a cent. */
export function formatUsd(amount: number): string {
  if (amount > 0 && amount < 0.01) return '<$0.01'
  return `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
}

/** 0x1234…abcd */
export function shortAddress(address: string): string {
  return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address
}
