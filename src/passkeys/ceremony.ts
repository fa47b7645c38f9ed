/**
 * The pending passkey prompt, if any, and how to cancel it. Tiny and free of WebAuthn code, so
 * closing the modal (×, Escape) can abort a prompt without loading the passkey chunk: the ceremony
 * (webauthn.ts) registers its abort while the browser waits for the authenticator.
 */
let cancelPending: (() => void) | null = null

/** Registers the abort of a starting ceremony; the returned function unregisters it when the ceremony ends. */
export function onPasskeyCeremony(cancel: () => void): () => void {
  cancelPending = cancel
  return () => {
    if (cancelPending === cancel) cancelPending = null
  }
}

/** Aborts the pending passkey prompt (its call rejects with 'Passkey request timed out or rejected by user.'); nothing when none waits. */
export function cancelPasskeyCeremony(): void {
  const cancel = cancelPending
  cancelPending = null
  cancel?.()
}
