import { createElement, lazy, Suspense } from 'react'
import { createRoot } from 'react-dom/client'
import { ErrorBoundary } from '../../src/ui/ErrorBoundary.tsx'
import { equal, queryByText, waitFor } from '../testing/harness.ts'

describe('error boundary', () => {
  it('a failed lazy chunk load shows the generic error screen, not a blank modal', async () => {
    const host = document.createElement('div')
    document.body.append(host)
    const original = console.error
    console.error = () => undefined
    try {
      const Broken = lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')))
      let resets = 0
      createRoot(host).render(
        createElement(ErrorBoundary, { onReset: () => void resets++ }, createElement(Suspense, { fallback: null }, createElement(Broken))),
      )
      await waitFor(() => queryByText(host, 'Something went wrong'), 'generic error title')
      equal(queryByText(host, 'Try again later') !== null, true)
      ;(queryByText(host, 'Go back') as HTMLButtonElement).click()
      equal(resets, 1)
    } finally {
      console.error = original
    }
  })

  it('a screen that throws while rendering shows the generic error screen', async () => {
    const host = document.createElement('div')
    document.body.append(host)
    const original = console.error
    console.error = () => undefined
    try {
      const Throws = () => {
        throw new Error('render failure')
      }
      createRoot(host).render(createElement(ErrorBoundary, { onReset: () => undefined }, createElement(Throws)))
      await waitFor(() => queryByText(host, 'Something went wrong'), 'generic error title')
    } finally {
      console.error = original
    }
  })
})
