import { resetScreens } from '../../stores/modal.ts'
import { ErrorView } from '../../ui/ErrorView.tsx'

export interface ErrorScreenProps {
  title: string
  detail: string
  cta: string
}

/** Generic error screen: title, detail line, call to action back to the start. */
export default function ErrorScreen({ title, detail, cta }: ErrorScreenProps) {
  return <ErrorView title={title} detail={detail} cta={cta} onCta={() => resetScreens()} />
}
