/**
 * Every table method of `<auth-modal>`. Static here: the few the landing may call in the same task
 * as the host's call. The account, wallet and MFA tables load with the first call of one of their
 * methods: the landing holds only their names (and how a refused tag answers each).
 */
import { closeModal } from '../../src/actions/closeModal.ts'
import { getAccessToken } from '../../src/actions/getAccessToken.ts'
import { linkOAuth } from '../../src/actions/linkOAuth.ts'
import { login, type LoginParameters } from '../../src/actions/login.ts'
import { logout } from '../../src/actions/logout.ts'
import { openModal } from '../../src/actions/openModal.ts'
import { deferred, now, table } from '../host-method-table.ts'
import { getEthereumProvider } from './ethereum-provider.ts'
import type { AccountHostMethods, StaticAccountMethod } from './host-methods.ts'

const staticMethods = table<Pick<AccountHostMethods, StaticAccountMethod>>({
  // Small, and open / close / login act in the same task as the host's call.
  open: now(() => void openModal(), 'ignore'),
  close: now(() => closeModal(), 'ignore'),
  login: now((parameters: LoginParameters = {}) => login(parameters), 'reject'),
  logout: now(() => logout(), 'reject'),
  getAccessToken: now(() => getAccessToken(), 'reject'),
  // The popup must open synchronously inside the host's click, and an import() would await first.
  linkOAuth: now((provider: string) => linkOAuth(provider), 'reject'),
})

export const tagMethods = {
  ...staticMethods,
  ...deferred(() => import('./host-methods.ts').then((m) => m.hostMethods), {
    loginWithWallet: 'ignore',
    connectWallet: 'ignore',
    loginWithCustomToken: 'reject',
    sendEmailCode: 'reject',
    resendEmailCode: 'reject',
    loginWithEmailCode: 'reject',
    sendSmsCode: 'reject',
    resendSmsCode: 'reject',
    loginWithSmsCode: 'reject',
    linkEmail: 'reject',
    updateEmail: 'reject',
    unlinkEmail: 'reject',
    linkPhone: 'reject',
    updatePhone: 'reject',
    unlinkPhone: 'reject',
    unlinkOAuth: 'reject',
    loginWithCrossAppAccount: 'reject',
    linkCrossAppAccount: 'reject',
    unlinkCrossAppAccount: 'reject',
    linkTelegram: 'reject',
    unlinkTelegram: 'reject',
    linkWallet: 'reject',
    loginWithPasskey: 'reject',
    signupWithPasskey: 'reject',
    unlinkWallet: 'reject',
    refreshUser: 'reject',
    loginAsGuest: 'reject',
    linkPasskey: 'reject',
    unlinkPasskey: 'reject',
    linkFarcaster: 'reject',
    unlinkFarcaster: 'reject',
    initLoginWithFarcaster: 'reject',
    loginWithFarcaster: 'reject',
  }),
  // Synchronous by contract: the provider is answered at once and loads the action with its first request.
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
    delegateWallet: 'reject',
    revokeWallets: 'reject',
    setWalletPassword: 'reject',
    requestFarcasterSignerFromWarpcast: 'reject',
    getFarcasterSignerPublicKey: 'reject',
    signFarcasterMessage: 'reject',
    getSmartWalletClient: 'reject',
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
