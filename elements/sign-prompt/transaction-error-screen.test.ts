import { createElement } from 'react'
import { createRoot } from 'react-dom/client'
import { flushSync } from 'react-dom'
import { EmbeddedWalletError, WALLET_MESSAGES } from '../../src/errors/wallet.ts'
import { ErrorView } from '../../src/screens/transactions/ErrorView.tsx'
import { assert, equal } from '../testing/harness.ts'

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
})
