/**
 * The pending 'Add a signer to Farcaster' request (spec part 3 §2, §4): the screen
 * (src/screens/farcaster/FarcasterSignerScreen.tsx) runs the flow and settles it; `failure` is the
 * error it shows, with which the host's promise rejects when the modal closes.
 */
import { pendingStore } from './pending.ts'

export interface FarcasterSignerRequest {
  failure?: unknown
}

export const $farcasterSigner = pendingStore<FarcasterSignerRequest, void>()
