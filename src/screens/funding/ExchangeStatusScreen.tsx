import { useStore } from '@nanostores/react'
import { useEffect, useReducer, useRef } from 'react'
import { closeModal } from '../../actions/closeModal.ts'
import { getApiClient } from '../../api/instance.ts'
import { FUNDING_MESSAGES, FundingError } from '../../errors/funding.ts'
import { coinbaseBlockchain } from '../../funding/config.ts'
import { coinbaseReducer, FUNDING_TIMING, initialCoinbaseState } from '../../funding/flows.ts'
import { pollPurchase } from '../../funding/purchasePolling.ts'
import { $funding, backToChooser, completeFunding, fundingResult, reportFundingFailure, reportFundingResult } from '../../funding/session.ts'
import { clearPurchase } from '../../funding/purchase.ts'
import { $config } from '../../stores/config.ts'
import { $session } from '../../stores/session.ts'
import { PrimaryButton } from '../../ui/Button.tsx'
import { ScreenTitle } from '../../ui/ScreenTitle.tsx'
import { Spinner } from '../../ui/Spinner.tsx'
import { FUNDING_TEXT } from './texts.ts'

/**
 * Coinbase-style on-ramp ('Fund account', spec part 3 §2, §4): our server opens the session
 * (initCoinbaseOnRamp), the popup shows the provider's page, the status (getCoinbaseOnRampStatus)
 * is polled every 1.5 s once the partner id is stored (5 s after the popup got the page; kept across a
 * reload: src/funding/purchase.ts); each poll that finds the popup closed counts, 3 counts go back to the chooser.
 */
export default function ExchangeStatusScreen({ via, resume }: { via: 'card' | 'exchange'; resume?: string }) {
  const config = useStore($funding)
  const { appId } = useStore($config)
  const [state, dispatch] = useReducer(coinbaseReducer, initialCoinbaseState)
  const popup = useRef<Window | null>(null)
  const txHash = useRef<string | null>(null)

  useEffect(() => {
    if (!config) return
    const api = getApiClient()
    return pollPurchase(appId ?? '', {
      resume,
      everyMs: FUNDING_TIMING.coinbasePollMs,
      poll: async (partnerUserId, live) => {
        // A resumed purchase has no popup of this page: its closing cannot be seen.
        if (popup.current?.closed) dispatch({ type: 'popup-closed' })
        try {
          const status = await api.get('/funding/coinbase_on_ramp/status', { query: { partnerUserId }, retries: 0 })
          txHash.current = status.tx_hash
          if (live()) dispatch({ type: 'status', status: status.status })
        } catch {
          if (live()) dispatch({ type: 'exception' })
        }
      },
      open: (win, run) => {
        popup.current = win
        let blockchain: string
        try {
          blockchain = coinbaseBlockchain(config)
        } catch (error) {
          win.close()
          backToChooser((error as FundingError).shortMessage)
          return false
        }
        const userId = $session.get().user?.id ?? ''
        const asset = config.chainType === 'solana' ? (config.isUSDC ? 'USDC' : 'SOL') : config.isUSDC ? 'USDC' : 'ETH'
        api
          .post('/funding/coinbase_on_ramp/init', { addresses: [{ address: config.address, blockchains: [blockchain] }], assets: [asset] })
          .then((answer) => {
            if (!run.live()) return
            const query = new URLSearchParams({
              sessionToken: answer.session_token,
              partnerUserRef: answer.partner_user_id,
              defaultAsset: asset,
              defaultNetwork: blockchain,
            })
            if (config.amount) query.set('presetCryptoAmount', config.amount)
            if (via === 'card') query.set('defaultPaymentMethod', 'CARD')
            win.location.href = `${answer.url}?${query}`
            // Spec §9: the partner id is stored after 5 s; polling (every 1.5 s) starts once it is known.
            run.storeThenPoll({ provider: 'coinbase', id: answer.partner_user_id, via, userId, config })
          })
          .catch(() => run.live() && dispatch({ type: 'exception' }))
      },
    })
  }, [])

  const result = (status: string) => config && fundingResult(config, { provider: 'coinbase', status, txHash: txHash.current })

  useEffect(() => {
    if (!config) return
    if (state.status === 'success' || state.status === 'error' || state.backToChooser) clearPurchase(appId ?? '')
    if (state.status === 'success') {
      popup.current?.close()
      // Spec §4: the terminal status is reported when it is reached, whether or not the user then presses Continue.
      reportFundingResult(result('success')!)
    }
    if (state.status === 'error') {
      popup.current?.close()
      // Spec part 3 §8: the host hears the flow's error, the chooser's banner shows the user's text.
      reportFundingFailure(new FundingError(FUNDING_MESSAGES.coinbaseFlowError, { code: 'FUNDING_FAILURE' }), result('failure')!)
      backToChooser(FUNDING_MESSAGES.coinbaseFailure)
    } else if (state.backToChooser) backToChooser(null)
  }, [state.status, state.backToChooser])

  if (!config) return null
  return (
    <div className="body" part="body" data-screen="funding-exchange">
      <ScreenTitle>{FUNDING_TEXT.fundAccount}</ScreenTitle>
      {state.status === 'success' ? (
        <>
          <p className="detail">{FUNDING_TEXT.funded}</p>
          <PrimaryButton
            onClick={() => {
              completeFunding(result('success')!, { reported: true })
              closeModal()
            }}
          >
            {FUNDING_TEXT.continue}
          </PrimaryButton>
        </>
      ) : (
        <>
          <p className="detail">{FUNDING_TEXT.inProgress}</p>
          <Spinner />
        </>
      )}
    </div>
  )
}
