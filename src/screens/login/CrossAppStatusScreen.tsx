import { useStore } from '@nanostores/react'
import { CROSS_APP_TEXT } from '../../crossapp/texts.ts'
import { $crossAppFlow } from '../../stores/crossAppFlow.ts'
import { ScreenTitle } from '../../ui/ScreenTitle.tsx'
import { Spinner } from '../../ui/Spinner.tsx'

/**
 * Cross-app login (spec part 3 §2, §4): 'Connecting to <app>' while the provider's popup is open,
 * then 'Successfully connected with <app>' (the modal moves on 1.4 s later) or 'Authentication
 * failed' with the reason.
 */
export default function CrossAppStatusScreen() {
  const flow = useStore($crossAppFlow)
  if (flow.status === 'success') {
    return (
      <div className="body" part="body" data-screen="cross-app-status" data-state="success">
        <ScreenTitle>{CROSS_APP_TEXT.connected(flow.providerName)}</ScreenTitle>
      </div>
    )
  }
  if (flow.status === 'error') {
    return (
      <div className="body" part="body" data-screen="cross-app-status" data-state="error">
        <ScreenTitle>{CROSS_APP_TEXT.failed}</ScreenTitle>
        <p className="detail" role="alert">
          {flow.message}
        </p>
      </div>
    )
  }
  // The provider's name is known once its connection is read (a moment after the click).
  const title = flow.status === 'connecting' ? CROSS_APP_TEXT.connecting(flow.providerName) : null
  return (
    <div className="body" part="body" data-screen="cross-app-status" data-state="connecting">
      <Spinner label={title ?? 'Loading'} />
      {title ? <ScreenTitle>{title}</ScreenTitle> : null}
    </div>
  )
}
