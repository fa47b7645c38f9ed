/**
 * Every table method of `<auth-modal>`: login and account (static, the landing calls them), wallet
 * and MFA (each table loaded with the first call of one of its methods: the landing holds only
 * their names here).
 */
import { deferred, now } from '../host-method-table.ts'
import { getEthereumProvider } from './ethereum-provider.ts'
import { hostMethods } from './host-methods.ts'

export const tagMethods = {
  ...hostMethods,
  getEthereumProvider: now(getEthereumProvider, 'throw'),
  ...deferred(() => import('./wallet-host-methods.ts').then((m) => m.walletHostMethods), {
    createWallet: 'reject',
    importWallet: 'reject',
    signMessage: 'reject',
    sendTransaction: 'reject',
    signTransaction: 'reject',
    signAndSendAllTransactions: 'reject',
    signAllTransactions: 'reject',
    exportWallet: 'reject',
    fundWallet: 'reject',
    setWalletRecovery: 'reject',
    openRecoverySettings: 'ignore',
  }),
  ...deferred(() => import('./mfa-host-methods.ts').then((m) => m.mfaHostMethods), {
    showMfaEnrollmentModal: 'reject',
    initEnrollMfa: 'reject',
    submitEnrollMfa: 'reject',
    unenrollMfa: 'reject',
    verifyMfa: 'reject',
    initMfa: 'reject',
    submitMfa: 'reject',
    cancelMfa: 'reject',
    setMfaPrompt: 'reject',
    openPasskeyManagement: 'reject',
  }),
}
