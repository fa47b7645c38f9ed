import type { AuthErrorEventDetail } from './auth-error.ts'
import type { AuthReadyEventDetail } from './auth-ready.ts'
import type { AuthSuccessEventDetail } from './auth-success.ts'
import type { LinkSuccessEventDetail } from './link-success.ts'
import type { LogoutEventDetail } from './logout.ts'
import type { ModalCloseEventDetail } from './modal-close.ts'
import type { ModalOpenEventDetail } from './modal-open.ts'
import type { WalletConnectedEventDetail } from './wallet-connected.ts'
import type { WalletDisconnectedEventDetail } from './wallet-disconnected.ts'
import type { UnlinkSuccessEventDetail } from './unlink-success.ts'
import type { UpdateSuccessEventDetail } from './update-success.ts'
import type { SignErrorEventDetail } from './sign-error.ts'
import type { SignSuccessEventDetail } from './sign-success.ts'
import type { WalletCreatedEventDetail } from './wallet-created.ts'
import type { TxErrorEventDetail } from './tx-error.ts'
import type { TxSuccessEventDetail } from './tx-success.ts'
import type { MfaRequiredEventDetail } from './mfa-required.ts'
import type { MfaEnrollmentChangeEventDetail } from './mfa-enrollment-change.ts'

export type * from './auth-error.ts'
export type * from './auth-ready.ts'
export type * from './auth-success.ts'
export type * from './logout.ts'
export type * from './modal-close.ts'
export type * from './modal-open.ts'
export type * from './wallet-connected.ts'
export type * from './wallet-disconnected.ts'
export type * from './link-success.ts'
export type * from './unlink-success.ts'
export type * from './update-success.ts'
export type * from './sign-error.ts'
export type * from './sign-success.ts'
export type * from './wallet-created.ts'
export type * from './tx-error.ts'
export type * from './tx-success.ts'
export type * from './mfa-required.ts'
export type * from './mfa-enrollment-change.ts'

/** Every event a Gatehouse element dispatches, by name. */
export interface GatehouseEventDetailMap {
  'auth-ready': AuthReadyEventDetail
  'auth-success': AuthSuccessEventDetail
  'auth-error': AuthErrorEventDetail
  logout: LogoutEventDetail
  'modal-open': ModalOpenEventDetail
  'modal-close': ModalCloseEventDetail
  'wallet-connected': WalletConnectedEventDetail
  'wallet-disconnected': WalletDisconnectedEventDetail
  'link-success': LinkSuccessEventDetail
  'unlink-success': UnlinkSuccessEventDetail
  'update-success': UpdateSuccessEventDetail
  'wallet-created': WalletCreatedEventDetail
  'sign-success': SignSuccessEventDetail
  'sign-error': SignErrorEventDetail
  'tx-success': TxSuccessEventDetail
  'tx-error': TxErrorEventDetail
  'mfa-required': MfaRequiredEventDetail
  'mfa-enrolled': MfaEnrollmentChangeEventDetail
  'mfa-unenrolled': MfaEnrollmentChangeEventDetail
}
export type GatehouseEventName = keyof GatehouseEventDetailMap
