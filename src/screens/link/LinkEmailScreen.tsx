import { EmailEntryForm } from './EmailEntryForm.tsx'

/** 'Connect your email' (spec §2): the signed-in user links an e-mail address. */
export default function LinkEmailScreen() {
  return <EmailEntryForm title="Connect your email" screen="link-email" />
}
