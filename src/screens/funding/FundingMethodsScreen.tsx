import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import { availableMethods } from '../../funding/config.ts'
import { readTokenInfo } from '../../funding/balance.ts'
import { payBadge } from '../../funding/payBadge.ts'
import { openFundingPopup } from '../../funding/popup.ts'
import { $funding, methodScreen } from '../../funding/session.ts'
import { $config } from '../../stores/config.ts'
import { pushScreen, type ScreenEntry } from '../../stores/modal.ts'
import { ScreenTitle } from '../../ui/ScreenTitle.tsx'
import { FUNDING_TEXT } from './texts.ts'

const amountStep = (next: ScreenEntry): ScreenEntry => ({ name: 'funding-amount', next: next as Extract<ScreenEntry, { name: 'funding-amount' }>['next'] })

/** 'Add funds to your <wallet name> wallet' (spec part 3 §2): card, exchange, wallet, receive. */
export default function FundingMethodsScreen() {
  const config = useStore($funding)
  const { app } = useStore($config)
  const [badge, setBadge] = useState<string | null>(null)
  const needsTokenInfo = Boolean(config?.chainType === 'ethereum' && config.erc20Address && config.decimals === null)
  const methods = config ? availableMethods(config) : null

  useEffect(() => void payBadge().then(setBadge), [])
  // Spec §2: buttons wait for the token's contract info.
  useEffect(() => {
    if (!config || !needsTokenInfo) return
    readTokenInfo(config)
      .then(({ symbol, decimals }) => $funding.set({ ...$funding.get()!, symbol, decimals }))
      .catch(() => $funding.set({ ...$funding.get()!, decimals: 18 }))
  }, [config, needsTokenInfo])
  // Spec §2: a default method still flagged as in use starts at once, and the flag is cleared.
  useEffect(() => {
    if (!config?.usingDefaultFundingMethod || !methods || !config.defaultFundingMethod) return
    $funding.set({ ...config, usingDefaultFundingMethod: false })
    const purchase = (screen: ScreenEntry) => pushScreen(config.amountGiven ? screen : amountStep(screen))
    if (config.defaultFundingMethod === 'card' && methods.cardProviders[0]) purchase(methodScreen('card', methods.cardProviders[0]))
    else if (config.defaultFundingMethod === 'exchange' && methods.exchange) purchase(methodScreen('exchange'))
    else if (config.defaultFundingMethod === 'wallet' && methods.wallets) pushScreen(methodScreen('wallet'))
    else if (config.defaultFundingMethod === 'manual') pushScreen(methodScreen('manual'))
  }, [config, methods])

  if (!config || !methods) return null
  // A purchase opens its popup in this click, unless the host gave no amount: the amount step asks first (spec §5).
  const withPopup = (screen: ScreenEntry) => () => {
    if (config.amountGiven) openFundingPopup()
    $funding.set({ ...config, errorMessage: null })
    pushScreen(config.amountGiven ? screen : amountStep(screen))
  }
  const go = (screen: ScreenEntry) => () => {
    $funding.set({ ...config, errorMessage: null })
    pushScreen(screen)
  }
  const [card, alternate] = methods.cardProviders
  return (
    <div className="body" part="body" data-screen="funding-methods">
      <ScreenTitle>{FUNDING_TEXT.chooserTitle(app?.name ?? '')}</ScreenTitle>
      {config.errorMessage ? (
        <p className="error-message" part="error-message" role="alert">
          {config.errorMessage}
        </p>
      ) : null}
      <div className="methods">
        {card ? (
          <button type="button" className="secondary-button" part="secondary-button" disabled={needsTokenInfo} onClick={withPopup(methodScreen('card', card))}>
            {FUNDING_TEXT.payWithCard}
            {badge ? <span className="badge">{badge}</span> : null}
          </button>
        ) : null}
        {methods.exchange ? (
          <button type="button" className="secondary-button" part="secondary-button" disabled={needsTokenInfo} onClick={withPopup(methodScreen('exchange'))}>
            {FUNDING_TEXT.exchange}
          </button>
        ) : null}
        {methods.wallets ? (
          <button type="button" className="secondary-button" part="secondary-button" disabled={needsTokenInfo} onClick={go(methodScreen('wallet'))}>
            {FUNDING_TEXT.wallet}
          </button>
        ) : null}
        <button type="button" className="secondary-button" part="secondary-button" disabled={needsTokenInfo} onClick={go(methodScreen('manual'))}>
          {FUNDING_TEXT.receive}
        </button>
      </div>
      {alternate && config.showAlternateFundingMethod ? (
        <button type="button" className="link-button" onClick={withPopup(methodScreen('card', alternate))}>
          {FUNDING_TEXT.alternate}
        </button>
      ) : null}
    </div>
  )
}
