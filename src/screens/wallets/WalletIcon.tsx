import { useState } from 'react'
import { ICONS } from '../../ui/icons/methodIcons.ts'
import { Svg } from '../../ui/Icon.tsx'

/**
 * The wallet's own icon: the one its EIP-6963 announcement or Wallet Standard registration carries,
 * else its WalletConnect listing image. Without one (or when that image does not load) the
 * WalletConnect row shows WalletConnect's mark and any other wallet a neutral wallet mark, never a
 * blank box. The marks' module is already loaded with the wallet screens, so no box fills in late.
 */
export function WalletIcon({ name, icon }: { name: string; icon: string | null }) {
  const [broken, setBroken] = useState<string | null>(null)
  if (icon && broken !== icon)
    return <img className="wallet-icon" part="wallet-icon" src={icon} alt="" width={32} height={32} onError={() => setBroken(icon)} />
  const mark = name === 'WalletConnect' ? 'walletconnect' : 'wallet'
  return (
    <span className="wallet-icon" part="wallet-icon" aria-hidden="true" data-mark={mark}>
      <Svg shape={ICONS[mark]!} />
    </span>
  )
}
