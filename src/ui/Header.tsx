export interface HeaderProps {
  onBack?: () => void
  onClose?: () => void
  onInfo?: () => void
}

/** Back, info and close. Absent handlers hide their button (close is hidden in standalone mode). */
export function Header({ onBack, onClose, onInfo }: HeaderProps) {
  return (
    <div className="header" part="header">
      <button type="button" className="icon-button" part="back-button" aria-label="Back" hidden={!onBack} onClick={onBack}>
        ←
      </button>
      <span>
        <button type="button" className="icon-button" part="info-button" aria-label="Help" hidden={!onInfo} onClick={onInfo}>
          ?
        </button>
        <button type="button" className="icon-button" part="close-button" aria-label="Close" hidden={!onClose} onClick={onClose}>
          ×
        </button>
      </span>
    </div>
  )
}

export function Footer() {
  return (
    <div className="footer" part="footer">
      Protected by Gatehouse
    </div>
  )
}
