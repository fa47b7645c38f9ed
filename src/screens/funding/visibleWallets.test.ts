/** Spec part 3 §9 'Wallet list shows 3 plus 'More wallets' if more than 4' ('Transfer from wallet'). */
import { describe, expect, it } from 'vitest'
import { FUNDING_TEXT } from './texts.ts'
import { visibleWallets } from './WalletTransferScreen.tsx'

const wallets = (n: number) => Array.from({ length: n }, (_, i) => `wallet-${i + 1}`)

describe('the source wallet list', () => {
  it('up to 4 wallets are all shown, without the button', () => {
    expect(visibleWallets(wallets(4), false)).toEqual({ shown: wallets(4), more: false })
  })

  it("5 or more: the first 3, then 'More wallets', which lists them all", () => {
    expect(visibleWallets(wallets(5), false)).toEqual({ shown: wallets(3), more: true })
    expect(visibleWallets(wallets(9), false)).toEqual({ shown: wallets(3), more: true })
    expect(visibleWallets(wallets(9), true)).toEqual({ shown: wallets(9), more: false })
    expect(FUNDING_TEXT.moreWallets).toBe('More wallets')
  })
})
