/**
 * The delegated-actions flow behind the screen (src/screens/wallets/embedded/DelegationScreen.tsx):
 * 'Accept' connects the wallet on this device and asks the frame to hand its sealed share to the
 * server (`wallets:delegate`, the spec's createDelegatedAction); 'Confirm' revokes
 * (`POST /wallets/revoke`, which carries this device's proof). 'Not now', 'Deny' and closing the
 * modal decline with the spec's texts.
 */
import { closeModal } from '../../actions/closeModal.ts'
import { connectEmbeddedWallet } from '../../actions/connectEmbeddedWallet.ts'
import { getApiClient } from '../../api/instance.ts'
import { toUser } from '../../api/user.ts'
import { EmbeddedWalletError, WALLET_MESSAGES } from '../../errors/wallet.ts'
import { $delegation, DELEGATION_TIMING, type DelegationKind, type DelegationRequest } from '../../stores/delegation.ts'
import { awaitPending } from '../../stores/pending.ts'
import { setSessionUser } from '../../stores/session.ts'
import { findWallet, walletRef } from '../../stores/wallets.ts'
import { modalClosed, openWalletScreen } from './modal.ts'
import { getWalletProxy } from './proxy.ts'
import { adoptWireUser, requireAccessToken } from './session.ts'

const declined = (kind: DelegationKind) =>
  new EmbeddedWalletError(kind === 'delegate' ? WALLET_MESSAGES.delegationDeclined : WALLET_MESSAGES.revokeDeclined, { code: 'USER_DECLINED' })

/** Shows the request and settles when the user finished it (success after its 2.5 s), declined it, or it failed. */
export function runDelegationScreen(request: Omit<DelegationRequest, 'status'>): Promise<void> {
  const answer = awaitPending($delegation, { ...request, status: 'consent' }, () => declined(request.kind))
  openWalletScreen({ name: 'delegated-actions' })
  // Closing the modal (×, Escape) before the end is a refusal; after success it changes nothing.
  void modalClosed().then(() => $delegation.get()?.reject(declined(request.kind)))
  return answer
}

/** 'Not now' / 'Deny'. */
export function declineDelegation(): void {
  const pending = $delegation.get()
  pending?.reject(declined(pending.kind))
  closeModal()
}

/** 'Accept' / 'Confirm': does the work, shows 'Success!' or the error, and closes 2.5 s later. */
export async function confirmDelegation(): Promise<void> {
  const pending = $delegation.get()
  if (!pending || pending.status !== 'consent') return
  $delegation.set({ ...pending, status: 'submitting' })
  let failure: unknown = null
  try {
    if (pending.kind === 'delegate') await delegate(pending.wallet!.address)
    else await revoke()
  } catch (error) {
    failure = error
  }
  // Still ours (not replaced, not closed meanwhile): show the outcome, then close and settle.
  const current = $delegation.get()
  if (current?.id !== pending.id) return
  $delegation.set({ ...current, status: failure ? 'error' : 'success' })
  setTimeout(() => {
    if (failure) current.reject(failure)
    else current.resolve()
    closeModal()
  }, DELEGATION_TIMING.closeMs)
}

async function delegate(address: string): Promise<void> {
  const wallet = await connectEmbeddedWallet({ address, promptPassword: false })
  const ref = walletRef(wallet)
  if (!ref) throw new EmbeddedWalletError(WALLET_MESSAGES.notFound, { code: 'EMBEDDED_WALLET_NOT_FOUND' })
  const accessToken = await requireAccessToken(WALLET_MESSAGES.mustBeAuthenticatedToConnect)
  const { user } = await getWalletProxy().request(
    'wallets:delegate',
    { accessToken, rootWallet: ref, delegatedWallets: [{ address: wallet.address, chainType: wallet.chainType }] },
    DELEGATION_TIMING.waitMs,
  )
  adoptWireUser(user)
  if (!findWallet(address)?.delegated) throw new EmbeddedWalletError(WALLET_MESSAGES.genericRetry)
}

async function revoke(): Promise<void> {
  const { user } = await getApiClient().post('/wallets/revoke', {})
  setSessionUser(toUser(user))
}
