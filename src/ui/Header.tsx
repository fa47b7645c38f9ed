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

/** The footer's logo (spec part 1 §2 'A footer shows a logo'): the gate mark and the name, one image named 'Gatehouse'. */
export function Footer() {
  return (
    <div className="footer" part="footer">
      <span>Protected by</span>
      <svg className="footer-logo" part="footer-logo" role="img" aria-label="Gatehouse" viewBox="0 0 86 16" height="14" width="75">
        <path d="M1 7 8 1l7 6v8H10v-5H6v5H1z" fill="currentColor" />
        <text x="19" y="12.5" fontSize="12" fontWeight="600" fill="currentColor" aria-hidden="true">
          Gatehouse
        </text>
      </svg>
    </div>
  )
}
