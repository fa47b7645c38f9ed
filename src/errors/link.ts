import { BaseError } from './base.ts'

/** The user closed a link flow (or declined a transfer) before it completed. */
export class UserExitedLinkFlowError extends BaseError {
  override name = 'UserExitedLinkFlowError'
  constructor() {
    super('The user exited the link flow.', { code: 'USER_EXITED_LINK_FLOW' })
  }
}

/** The user closed an update flow before it completed. */
export class UserExitedUpdateFlowError extends BaseError {
  override name = 'UserExitedUpdateFlowError'
  constructor() {
    super('The user exited the update flow.', { code: 'USER_EXITED_UPDATE_FLOW' })
  }
}

/** A link call failed and the user left the flow without a successful retry (spec §8 FAILED_TO_LINK_ACCOUNT); `cause` is the failure. */
export class FailedToLinkAccountError extends BaseError {
  override name = 'FailedToLinkAccountError'
  constructor({ cause }: { cause?: unknown } = {}) {
    super('Failed to link the account.', { code: 'FAILED_TO_LINK_ACCOUNT', cause })
  }
}

/** An update call failed and the user left the flow without a successful retry (spec §8 FAILED_TO_UPDATE_ACCOUNT). */
export class FailedToUpdateAccountError extends BaseError {
  override name = 'FailedToUpdateAccountError'
  constructor({ cause }: { cause?: unknown } = {}) {
    super('Failed to update the account.', { code: 'FAILED_TO_UPDATE_ACCOUNT', cause })
  }
}

/**
 * The login method is already another user's and cannot move here (spec §8 LINKED_TO_ANOTHER_USER;
 * the server answers `linked_to_another_user`). `cause` is the server's answer.
 */
export class LinkedToAnotherUserError extends BaseError {
  override name = 'LinkedToAnotherUserError'
  constructor({ cause }: { cause?: unknown } = {}) {
    super('This account has already been linked to another user.', { code: 'LINKED_TO_ANOTHER_USER', cause })
  }
}

/** Login is refused while a non-guest user is logged in (spec §5). */
export class AlreadyLoggedInError extends BaseError {
  override name = 'AlreadyLoggedInError'
  constructor() {
    super('The user is already logged in.', { code: 'ALREADY_LOGGED_IN' })
  }
}

/** Linking needs a real (non-guest) user (spec §5). */
export class GuestCannotLinkError extends BaseError {
  override name = 'GuestCannotLinkError'
  constructor() {
    super('Guest accounts cannot link login methods.', { code: 'GUEST_CANNOT_LINK' })
  }
}

/** An embedded wallet of the account a transfer would delete. */
export interface TransferWallet {
  address: string
  chainType: 'ethereum' | 'solana'
}

/** The account is on another user and the user must confirm a transfer (spec §8 ACCOUNT_TRANSFER_REQUIRED). */
export class AccountTransferRequiredError extends BaseError {
  override name = 'AccountTransferRequiredError'
  nonce: string
  displayName: string
  /** The other account's embedded wallets (spec embeddedWalletAddress): a transfer deletes them only once the user confirmed. */
  embeddedWallets: TransferWallet[]
  constructor({ nonce, displayName, embeddedWallets = [] }: { nonce: string; displayName: string; embeddedWallets?: TransferWallet[] }) {
    super(`${displayName} is associated with another account.`, { code: 'ACCOUNT_TRANSFER_REQUIRED' })
    this.nonce = nonce
    this.displayName = displayName
    this.embeddedWallets = embeddedWallets
  }
}
