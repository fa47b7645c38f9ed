import { MfaError } from '../../errors/mfa.ts'
import { MFA_TEXT } from '../../mfa/texts.ts'
import { ScreenTitle } from '../../ui/ScreenTitle.tsx'
import { useCodeEntry } from './useCodeEntry.tsx'

/** 'Enter enrollment code': six boxes, submitted when complete; failures show and the boxes reset after 1400 ms. */
export function EnrollCode({ detail, onCode }: { detail: string; onCode: (code: string) => Promise<void> }) {
  const entry = useCodeEntry((code) => {
    entry.submitting()
    onCode(code).then(entry.succeeded, (error) => entry.failed(error instanceof MfaError ? error.shortMessage : MFA_TEXT.enrollmentUnknown))
  })
  return (
    <div className="body" part="body" data-screen="mfa-enroll-code">
      <ScreenTitle>Enter enrollment code</ScreenTitle>
      <p className="detail">{detail}</p>
      {entry.input}
      {entry.error}
    </div>
  )
}
