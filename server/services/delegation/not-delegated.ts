/**
 * The server's DelegatedSigner until a signing service is plugged in (create-services.ts): no
 * wallet is delegated, so the server-side wallet API signs nothing.
 */
import { ApiError } from '../../errors.js'
import type { DelegatedSigner } from './signer.js'

export const noDelegatedSigner: DelegatedSigner = {
  isDelegated: async () => false,
  sign: async () => {
    throw new ApiError('not_delegated', "The wallet's owner has not enabled offline access for this app")
  },
}
