/** Every table method of `<auth-modal>`: login and account, wallet, MFA (one table per area). */
import { hostMethods } from './host-methods.ts'
import { mfaHostMethods } from './mfa-host-methods.ts'
import { walletHostMethods } from './wallet-host-methods.ts'

export const tagMethods = { ...hostMethods, ...walletHostMethods, ...mfaHostMethods }
