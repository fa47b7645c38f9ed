import { PrimaryButton } from './Button.tsx'
import { ScreenTitle } from './ScreenTitle.tsx'

export interface ErrorViewProps {
  title: string
  detail: string
  cta: string
  onCta: () => void
}

/**
 * Title, detail line and call to action. Eager (not a lazy screen) because the error boundary
 * shows it when a lazy chunk fails to load.
 */
export function ErrorView({ title, detail, cta, onCta }: ErrorViewProps) {
  return (
    <div className="body" part="body" data-screen="error">
      <ScreenTitle>{title}</ScreenTitle>
      {detail ? (
        <p className="detail" role="alert">
          {detail}
        </p>
      ) : null}
      <PrimaryButton onClick={onCta}>{cta}</PrimaryButton>
    </div>
  )
}
