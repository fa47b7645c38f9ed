import { EmailEntryForm } from './EmailEntryForm.tsx'

/** 'Update your email' (spec §2): an e-mail input and Submit; the code goes to the new address. */
export default function UpdateEmailScreen() {
  return <EmailEntryForm title="Update your email" screen="update-email" />
}
