import { useStore } from '@nanostores/react'
import { useEffect, useReducer, useRef } from 'react'
import { closeModal } from '../../actions/closeModal.ts'
import { getApiClient } from '../../api/instance.ts'
import { FUNDING_MESSAGES, FundingError } from '../../errors/funding.ts'
import { coinbaseBlockchain } from '../../funding/config.ts'
import { coinbaseReducer, FUNDING_TIMING, initialCoinbaseState } from '../../funding/flows.ts'
import { takeFundingPopup } from '../../funding/popup.ts'
import { $funding, backToChooser, completeFunding, fundingResult, reportFundingFailure } from '../../funding/session.ts'
import { PrimaryButton } from '../../ui/Button.tsx'
import { ScreenTitle } from '../../ui/ScreenTitle.tsx'
import { Spinner } from '../../ui/Spinner.tsx'
import { FUNDING_TEXT } from './texts.ts'

/**
 * Coinbase-style on-ramp ('Fund account', spec part 3 §2, §4): our server opens the session
 * (initCoinbaseOnRamp), the popup shows the provider's page, the status (getCoinbaseOnRampStatus)
 * is polled every 1.5 s; each poll that finds the popup closed counts, 3 counts go back to the chooser.
 */
export default function ExchangeStatusScreen({ via }: { via: 'card' | 'exchange' }) {
  const config = useStore($funding)
  const [state, dispatch] = useReducer(coinbaseReducer, initialCoinbaseState)
  const popup = useRef<Window | null>(null)
  const txHash = useRef<string | null>(null)

  useEffect(() => {
    if (!config) return
    const win = takeFundingPopup()
    popup.current = win
    if (!win) return backToChooser(FUNDING_MESSAGES.popupBlocked)
    let blockchain: string
    try {
      blockchain = coinbaseBlockchain(config)
    } catch (error) {
      win.close()
      return backToChooser((error as FundingError).shortMessage)
    }
    let stopped = false
    let timer: ReturnType<typeof setInterval> | undefined
    const api = getApiClient()
    const asset = config.chainType === 'solana' ? (config.isUSDC ? 'USDC' : 'SOL') : config.isUSDC ? 'USDC' : 'ETH'
    api
      .post('/funding/coinbase_on_ramp/init', { addresses: [{ address: config.address, blockchains: [blockchain] }], assets: [asset] })
      .then((answer) => {
        if (stopped) return
        const query = new URLSearchParams({
          sessionToken: answer.session_token,
          partnerUserRef: answer.partner_user_id,
          defaultAsset: asset,
          defaultNetwork: blockchain,
        })
        if (config.amount) query.set('presetCryptoAmount', config.amount)
        if (via === 'card') query.set('defaultPaymentMethod', 'CARD')
        win.location.href = `${answer.url}?${query}`
        const poll = async () => {
          if (win.closed) dispatch({ type: 'popup-closed' })
          try {
            const status = await api.get('/funding/coinbase_on_ramp/status', { query: { partnerUserId: answer.partner_user_id }, retries: 0 })
            txHash.current = status.tx_hash
            if (!stopped) dispatch({ type: 'status', status: status.status })
          } catch {
            if (!stopped) dispatch({ type: 'exception' })
          }
        }
        timer = setInterval(poll, FUNDING_TIMING.coinbasePollMs)
      })
      .catch(() => !stopped && dispatch({ type: 'exception' }))
    return () => {
      stopped = true
      clearInterval(timer)
    }
  }, [])

  const result = (status: string) => config && fundingResult(config, { provider: 'coinbase', status, txHash: txHash.current })

  useEffect(() => {
    if (!config) return
    if (state.status === 'success') popup.current?.close()
    if (state.status === 'error') {
      popup.current?.close()
      reportFundingFailure(new FundingError(FUNDING_MESSAGES.coinbaseFailure, { code: 'FUNDING_FAILURE' }), result('failure')!)
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
              completeFunding(result('success')!)
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
