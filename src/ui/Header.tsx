import { GLYPHS } from './icons/shapes.ts'
import { Svg } from './Icon.tsx'

export interface HeaderProps {
  onBack?: () => void
  onClose?: () => void
  onInfo?: () => void
}

/**
 * Back, info and close: icon buttons named by their aria-label (the SVG is aria-hidden). Absent
 * handlers hide their button (close is hidden in standalone mode).
 */
export function Header({ onBack, onClose, onInfo }: HeaderProps) {
  return (
    <div className="header" part="header">
      <button type="button" className="icon-button" part="back-button" aria-label="Back" hidden={!onBack} onClick={onBack}>
        <Svg shape={GLYPHS.back} />
      </button>
      <span>
        <button type="button" className="icon-button" part="info-button" aria-label="Help" hidden={!onInfo} onClick={onInfo}>
          <Svg shape={GLYPHS.help} />
        </button>
        <button type="button" className="icon-button" part="close-button" aria-label="Close" hidden={!onClose} onClick={onClose}>
          <Svg shape={GLYPHS.close} />
        </button>
      </span>
    </div>
  )
}
