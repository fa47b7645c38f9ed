import { useStore } from '@nanostores/react'
import { useEffect, useReducer, useRef } from 'react'
import { closeModal } from '../../actions/closeModal.ts'
import { getApiClient } from '../../api/instance.ts'
import { FUNDING_MESSAGES, FundingError } from '../../errors/funding.ts'
import { moonpaySignConfig } from '../../funding/config.ts'
import { FUNDING_TIMING, initialMoonpayState, moonpayReducer, type MoonpayTransaction } from '../../funding/flows.ts'
import { pollPurchase } from '../../funding/purchasePolling.ts'
import { $funding, backToChooser, completeFunding, fundingResult, reportFundingFailure, reportFundingResult } from '../../funding/session.ts'
import { clearPurchase, markPurchaseReported } from '../../funding/purchase.ts'
import { $config } from '../../stores/config.ts'
import { $session } from '../../stores/session.ts'
import { PrimaryButton } from '../../ui/Button.tsx'
import { ScreenTitle } from '../../ui/ScreenTitle.tsx'
import { Spinner } from '../../ui/Spinner.tsx'
import { FUNDING_TEXT } from './texts.ts'

/**
 * Card provider (MoonPay-style) status (spec part 3 §2, §4): our server signs the widget URL, the
 * popup shows it, and the provider's transaction (by our external id) is polled every 3 s once the
 * id is stored, 8 s after the popup got the widget (kept across a reload: src/funding/purchase.ts).
 */
export default function CardStatusScreen({ resume }: { resume?: string }) {
  const config = useStore($funding)
  const { app, appId } = useStore($config)
  const [state, dispatch] = useReducer(moonpayReducer, initialMoonpayState)
  const popup = useRef<Window | null>(null)

  useEffect(() => {
    if (!config) return
    const moonpay = app?.funding?.moonpay
    return pollPurchase(appId ?? '', {
      resume,
      everyMs: FUNDING_TIMING.moonpayPollMs,
      pollAtOnce: true,
      poll: async (externalTransactionId, live) => {
        try {
          const url = `${moonpay?.apiUrl ?? 'https://api.moonpay.com'}/v1/transactions/ext/${encodeURIComponent(externalTransactionId)}?apiKey=${encodeURIComponent(moonpay?.publishableKey ?? '')}`
          const response = await fetch(url)
          if (!live()) return
          if (!response.ok) return dispatch({ type: 'poll-error', notFound: response.status === 404 })
          const list = (await response.json()) as MoonpayTransaction[]
          dispatch({ type: 'transaction', transaction: list[0] ?? null })
        } catch {
          if (live()) dispatch({ type: 'poll-error', notFound: false })
        }
      },
      open: (win, run) => {
        popup.current = win
        const userId = $session.get().user?.id ?? ''
        getApiClient()
          .post('/plugins/moonpay_on_ramp/sign', {
            address: config.address,
            useSandbox: config.useSandbox,
            config: moonpaySignConfig(config, { theme: app?.theme === 'dark' ? 'dark' : 'light', accentColor: app?.accentColor ?? undefined }),
          })
          .then(({ signedUrl, externalTransactionId }) => {
            if (!run.live()) return
            win.location.href = signedUrl
            // Spec §9: the transaction id is stored after 8 s; polling starts then.
            run.storeThenPoll({ provider: 'moonpay', id: externalTransactionId, userId, config })
          })
          .catch(() => run.live() && backToChooser(FUNDING_MESSAGES.moonpayFailure))
      },
    })
  }, [])

  const result = (status: string) =>
    config &&
    fundingResult(config, {
      provider: 'moonpay',
      status,
      txHash: state.transaction?.cryptoTransactionId ?? null,
      sourceValue: state.transaction?.baseCurrencyAmount != null ? String(state.transaction.baseCurrencyAmount) : null,
      sourceToken: 'USD',
      destinationValue: state.transaction?.quoteCurrencyAmount != null ? String(state.transaction.quoteCurrencyAmount) : config.amount,
    })

  // Spec §4: failed or serviceFailure go back to the chooser with the error message.
  useEffect(() => {
    if (!config || (state.status !== 'failed' && state.status !== 'serviceFailure')) return
    clearPurchase(appId ?? '')
    popup.current?.close()
    reportFundingFailure(new FundingError(FUNDING_MESSAGES.moonpayFailure, { code: 'FUNDING_FAILURE' }), result(state.status)!)
    backToChooser(FUNDING_MESSAGES.moonpayFailure)
  }, [state.status])
  // A non-card payment waiting authorization is terminal (spec §4) but stays shown as 'Processing
  // payment': reported once, even when the modal reopens on it or the page reloads.
  useEffect(() => {
    if (!config || state.status !== 'processing' || !state.done) return
    const status = state.transaction?.status ?? 'waitingAuthorization'
    if (markPurchaseReported(appId ?? '', status)) reportFundingResult(result(status)!)
  }, [state.status, state.done])
  useEffect(() => {
    if (state.status !== 'completed') return
    clearPurchase(appId ?? '')
    popup.current?.close()
    // Spec §4: the terminal status is reported when it is reached, whether or not the user then presses Continue.
    if (config) reportFundingResult(result('completed')!)
  }, [state.status])

  if (!config) return null
  if (state.status === 'completed') {
    return (
      <div className="body" part="body" data-screen="funding-card">
        <ScreenTitle>{FUNDING_TEXT.funded}</ScreenTitle>
        <PrimaryButton
          onClick={() => {
            completeFunding(result('completed')!, { reported: true })
            closeModal()
          }}
        >
          {FUNDING_TEXT.continue}
        </PrimaryButton>
      </div>
    )
  }
  return (
    <div className="body" part="body" data-screen="funding-card">
      <ScreenTitle>{state.status === 'processing' ? FUNDING_TEXT.processing : FUNDING_TEXT.inProgress}</ScreenTitle>
      <Spinner />
    </div>
  )
}
