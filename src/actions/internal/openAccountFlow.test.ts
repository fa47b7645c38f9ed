import { beforeEach, describe, expect, it, vi } from 'vitest'
import { toUser, type User } from '../../api/user.ts'
import { publish } from '../../events/bus.ts'
import { $modal } from '../../stores/modal.ts'
import { $session } from '../../stores/session.ts'
import { FailedToLinkAccountError } from '../../errors/link.ts'
import { $emailFlow } from '../../stores/emailFlow.ts'
import { configured, fakeFetch, resetAll, wireUser } from '../../testing/harness.ts'
import { linkWithEmailCode } from '../linkWithEmailCode.ts'
import { loginWithCustomToken } from '../loginWithCustomToken.ts'
import { updateEmailWithCode } from '../updateEmailWithCode.ts'
import { openAccountFlow } from './openAccountFlow.ts'

const signIn = (wire: Partial<Parameters<typeof toUser>[0]> = {}): User => {
  const user = toUser({ id: 'did:privy:u1', created_at: 0, linked_accounts: [], has_accepted_terms: true, is_guest: false, ...wire })
  $session.set({ status: 'authenticated', user, tokens: null })
  return user
}

describe('openAccountFlow', () => {
  beforeEach(() => {
    resetAll()
    configured()
  })

  it('shows the screen, runs onOpen inside the call, and resolves with the user of link-success', async () => {
    const user = signIn()
    const onOpen = vi.fn(() => expect($modal.get().stack.at(-1)).toEqual({ name: 'link-email' }))
    const done = openAccountFlow({ kind: 'link', method: 'email' }, { name: 'link-email' }, { onOpen })
    expect(onOpen).toHaveBeenCalledTimes(1)
    expect($modal.get().open).toBe(true)
    publish('link-success', { user, linkMethod: 'email', linkedAccount: null })
    await expect(done).resolves.toBe(user)
  })

  it('an update flow settles on update-success and rejects with USER_EXITED_UPDATE_FLOW when closed', async () => {
    signIn()
    const done = openAccountFlow({ kind: 'update', method: 'email' }, { name: 'update-email' })
    publish('modal-close', null)
    await expect(done).rejects.toMatchObject({ code: 'USER_EXITED_UPDATE_FLOW' })
  })

  it('error: a signed-out user is refused with MUST_BE_AUTHENTICATED, nothing opens', async () => {
    $session.set({ status: 'unauthenticated', user: null, tokens: null })
    const onOpen = vi.fn()
    await expect(openAccountFlow({ kind: 'link', method: 'email' }, { name: 'link-email' }, { onOpen })).rejects.toMatchObject({
      code: 'MUST_BE_AUTHENTICATED',
    })
    expect(onOpen).not.toHaveBeenCalled()
    expect($modal.get().open).toBe(false)
  })

  it('error: a guest cannot link; a failed check rejects with its own error before anything opens', async () => {
    signIn({ is_guest: true })
    await expect(openAccountFlow({ kind: 'link', method: 'sms' }, { name: 'link-phone' })).rejects.toMatchObject({ code: 'GUEST_CANNOT_LINK' })
    signIn()
    const check = () => {
      throw new Error('needs an e-mail')
    }
    await expect(openAccountFlow({ kind: 'update', method: 'email' }, { name: 'update-email' }, { check })).rejects.toThrow('needs an e-mail')
    expect($modal.get().open).toBe(false)
  })
})

describe('leaving a link or update flow after a failed call (spec §8 error codes)', () => {
  beforeEach(() => {
    resetAll()
    configured()
  })
  const api = (status: number, code: string, data?: Record<string, unknown>) => ({ status, body: { error: `says ${code}`, code, ...(data ? { data } : {}) } })
  const emailLink = async (reply: ReturnType<typeof api>) => {
    signIn({ linked_accounts: [{ type: 'phone', phone_number: '+14155550100' }] })
    $emailFlow.set({ ...$emailFlow.get(), sentTo: 'work@example.com' })
    fakeFetch({ 'POST /passwordless/link': reply, 'POST /passwordless/update': reply })
  }

  it('error: a link call that failed, then the modal closed → FAILED_TO_LINK_ACCOUNT with the failure as cause', async () => {
    await emailLink(api(400, 'invalid_data'))
    const done = openAccountFlow({ kind: 'link', method: 'email' }, { name: 'link-email' })
    await expect(linkWithEmailCode({ code: '123456' })).rejects.toMatchObject({ code: 'invalid_data' })
    publish('modal-close', null)
    const error = await done.catch((e: unknown) => e)
    expect(error).toBeInstanceOf(FailedToLinkAccountError)
    expect(error).toMatchObject({ code: 'FAILED_TO_LINK_ACCOUNT', cause: { code: 'invalid_data' } })
  })

  it('error: the login method is already another user’s → LINKED_TO_ANOTHER_USER', async () => {
    await emailLink(api(409, 'linked_to_another_user'))
    const done = openAccountFlow({ kind: 'link', method: 'email' }, { name: 'link-email' })
    await linkWithEmailCode({ code: '123456' }).catch(() => undefined)
    publish('modal-close', null)
    await expect(done).rejects.toMatchObject({ code: 'LINKED_TO_ANOTHER_USER', cause: { code: 'linked_to_another_user' } })
  })

  it('error: an update call that failed, then the modal closed → FAILED_TO_UPDATE_ACCOUNT', async () => {
    signIn({ linked_accounts: [{ type: 'email', address: 'old@example.com' }] })
    $emailFlow.set({ ...$emailFlow.get(), sentTo: 'new@example.com' })
    fakeFetch({ 'POST /passwordless/update': api(500, 'unknown_error') })
    const done = openAccountFlow({ kind: 'update', method: 'email' }, { name: 'update-email' })
    await updateEmailWithCode({ code: '123456' }).catch(() => undefined)
    publish('modal-close', null)
    await expect(done).rejects.toMatchObject({ code: 'FAILED_TO_UPDATE_ACCOUNT' })
  })

  it('a transfer offer is not a failure: declining it is USER_EXITED_LINK_FLOW; a retry that succeeds resolves', async () => {
    await emailLink(api(409, 'account_transfer_required', { nonce: 'n', display_name: 'work@example.com' }))
    const declined = openAccountFlow({ kind: 'link', method: 'email' }, { name: 'link-email' })
    await linkWithEmailCode({ code: '123456' }).catch(() => undefined)
    publish('modal-close', null)
    await expect(declined).rejects.toMatchObject({ code: 'USER_EXITED_LINK_FLOW' })

    fakeFetch({ 'POST /passwordless/link': [api(400, 'invalid_data'), { body: wireUser() }] })
    const retried = openAccountFlow({ kind: 'link', method: 'email' }, { name: 'link-email' })
    await linkWithEmailCode({ code: '123456' }).catch(() => undefined)
    $emailFlow.set({ ...$emailFlow.get(), sentTo: 'work@example.com' })
    await linkWithEmailCode({ code: '654321' })
    await expect(retried).resolves.toMatchObject({ id: 'user-1' })
  })

  it('error: a custom-token login answered linked_to_another_user throws LINKED_TO_ANOTHER_USER (the sync logs out and retries on it)', async () => {
    $session.set({ status: 'unauthenticated', user: null, tokens: null })
    fakeFetch({ 'POST /custom_jwt_account/authenticate': api(409, 'linked_to_another_user') })
    await expect(loginWithCustomToken({ token: 'jwt' })).rejects.toMatchObject({ code: 'LINKED_TO_ANOTHER_USER' })
  })
})
