import { useStore } from '@nanostores/react'
import { useId, useState } from 'react'
import { isValidFundingAmount } from '../../funding/config.ts'
import { openFundingPopup } from '../../funding/popup.ts'
import { $funding } from '../../funding/session.ts'
import { pushScreen, type ScreenEntry } from '../../stores/modal.ts'
import { PrimaryButton } from '../../ui/Button.tsx'
import { ScreenTitle } from '../../ui/ScreenTitle.tsx'
import { FUNDING_TEXT } from './texts.ts'

/**
 * The amount step before a card or exchange purchase the host gave no amount for (spec part 3 §5:
 * digits and at most one decimal point; Continue needs more than 0), prefilled with the app's
 * recommended amount. Continue opens the provider's popup inside the click (a popup opened later is
 * blocked) and goes on to the status screen with the amount in the flow's config.
 */
export default function AmountScreen({ next }: { next: Extract<ScreenEntry, { name: 'funding-amount' }>['next'] }) {
  const config = useStore($funding)
  const [amount, setAmount] = useState(config?.amount ?? '')
  const hintId = useId()
  if (!config) return null
  const valid = isValidFundingAmount(amount)
  const bad = amount !== '' && !valid
  const go = () => {
    if (!valid) return
    openFundingPopup()
    $funding.set({ ...config, amount, amountGiven: true, errorMessage: null })
    pushScreen(next)
  }
  return (
    <form
      className="body"
      part="body"
      data-screen="funding-amount"
      onSubmit={(e) => {
        e.preventDefault()
        go()
      }}
    >
      <ScreenTitle>{FUNDING_TEXT.amountTitle(config.symbol || 'tokens')}</ScreenTitle>
      <input
        className="text-input"
        part="amount-input"
        inputMode="decimal"
        autoComplete="off"
        aria-label={FUNDING_TEXT.amountLabel}
        aria-invalid={bad || undefined}
        aria-describedby={bad ? hintId : undefined}
        value={amount}
        onChange={(e) => setAmount(e.target.value.trim())}
      />
      {bad ? (
        <p id={hintId} className="error-message" part="error-message" role="alert">
          {FUNDING_TEXT.amountInvalid}
        </p>
      ) : null}
      <PrimaryButton type="submit" disabled={!valid}>
        {FUNDING_TEXT.continue}
      </PrimaryButton>
    </form>
  )
}
