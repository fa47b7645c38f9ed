import { createElement } from 'react'
import { createRoot } from 'react-dom/client'
import { flushSync } from 'react-dom'
import { EmbeddedWalletError, WALLET_MESSAGES } from '../../src/errors/wallet.ts'
import { ErrorView } from '../../src/screens/transactions/ErrorView.tsx'
import { TxHash } from '../../src/screens/transactions/parts.tsx'
import { assert, equal, waitFor } from '../testing/harness.ts'

describe('transaction error screen', () => {
  it('shows the error in our words: a spec message that names another product does not reach the screen', () => {
    const host = document.createElement('div')
    document.body.append(host)
    try {
      const error = new EmbeddedWalletError(WALLET_MESSAGES.mustBeAuthenticatedToSign, { code: 'MUST_BE_AUTHENTICATED' })
      const root = createRoot(host)
      flushSync(() =>
        root.render(createElement(ErrorView, { phase: { error, hash: null }, explorerHref: null, onRetry: () => undefined, onClose: () => undefined })),
      )
      const shown = host.querySelector('[part="error-message"]')
      equal(shown?.textContent, 'User must be authenticated before signing with an embedded wallet')
      assert(!/privy/i.test(host.textContent ?? ''), host.textContent ?? '')
      root.unmount()
    } finally {
      host.remove()
    }
  })

  it("the hash's Copy shows 'Copied', then reads 'Copy' again (spec part 3: copy confirmation 2 s)", async () => {
    const host = document.createElement('div')
    document.body.append(host)
    const written: string[] = []
    const clipboard = Object.getOwnPropertyDescriptor(Navigator.prototype, 'clipboard')
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (text: string) => void written.push(text) } })
    const root = createRoot(host)
    try {
      const hash = `0x${'ab'.repeat(32)}`
      flushSync(() => root.render(createElement(TxHash, { hash, explorerHref: null })))
      const copy = host.querySelector<HTMLButtonElement>('.tx-copy')!
      equal(copy.textContent, 'Copy')
      copy.click()
      await waitFor(() => copy.textContent === 'Copied', "'Copied'")
      equal(written[0], hash)
      await waitFor(() => copy.textContent === 'Copy', "'Copy' again after 2 s")
    } finally {
      root.unmount()
      delete (navigator as { clipboard?: unknown }).clipboard
      if (clipboard) Object.defineProperty(Navigator.prototype, 'clipboard', clipboard)
      host.remove()
    }
  })
})
