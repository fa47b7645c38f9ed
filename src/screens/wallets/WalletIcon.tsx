/** The wallet's own icon (EIP-6963 / Wallet Standard data URI), else its initial. */
export function WalletIcon({ name, icon }: { name: string; icon: string | null }) {
  return icon ? (
    <img className="wallet-icon" part="wallet-icon" src={icon} alt="" width={32} height={32} />
  ) : (
    <span className="wallet-icon" part="wallet-icon" aria-hidden="true">
      {name.slice(0, 1).toUpperCase()}
    </span>
  )
}
