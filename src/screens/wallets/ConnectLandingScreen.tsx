import { useStore } from '@nanostores/react'
import { $config } from '../../stores/config.ts'
import { pushScreen } from '../../stores/modal.ts'
import { startWalletFlow } from '../../stores/walletFlow.ts'
import { Icon } from '../../ui/Icon.tsx'
import { ScreenTitle } from '../../ui/ScreenTitle.tsx'
import { METHOD_LABELS } from '../../flows/methodLabels.ts'
import { WALLET_TEXT } from './walletErrors.ts'

/**
 * The connect-only landing (spec part 2 §2: two entry screens, one for login or link, one for
 * connect-only): the app's branding and 'Connect your wallet', offering only wallets — no e-mail,
 * socials or consent line, since connecting logs nobody in. A lazy chunk, and like the login
 * landing it loads no wallet code until the wallet entry is chosen.
 */
export default function ConnectLandingScreen() {
  const { app } = useStore($config)
  const open = () => {
    startWalletFlow('connect')
    pushScreen({ name: 'wallet-list', intent: 'connect' })
  }
  return (
    <div className="body" part="body" data-screen="wallet-connect-landing">
      {app?.logo ? <img className="logo" part="logo" src={app.logo} alt={app.name} /> : null}
      {!app?.logo && app?.name ? (
        <div className="app-name" part="app-name">
          {app.name}
        </div>
      ) : null}
      <ScreenTitle>{WALLET_TEXT.connectYourWallet}</ScreenTitle>
      <div className="methods" part="methods">
        <button type="button" className="secondary-button method-button" part="secondary-button method-button" onClick={open}>
          <Icon name="wallet" />
          <span className="method-label">{METHOD_LABELS.wallet}</span>
        </button>
      </div>
    </div>
  )
}
