/**
 * The password flow's host callbacks (spec part 2 §4: "Success calls the success callback; exit
 * without a password calls the failure callback ('Exited before password was added to wallet')").
 * `setWalletPassword` waits here; the password screen reports a password set. Kept out of the
 * screen so the screen never resolves a host's promise itself.
 */
type Waiter = () => void
let waiters: Waiter[] = []

/** Resolves when the flow next sets a password; `cancel` stops waiting. */
export function nextPasswordSet(): { promise: Promise<void>; cancel(): void } {
  let settle!: Waiter
  const promise = new Promise<void>((resolve) => (settle = resolve))
  waiters.push(settle)
  return { promise, cancel: () => void (waiters = waiters.filter((w) => w !== settle)) }
}

/** Called by the password flow once the password is on the wallet. */
export function passwordSet(): void {
  const current = waiters
  waiters = []
  for (const settle of current) settle()
}
