import { beforeEach, describe, expect, it, vi } from 'vitest'
import { toUser, type User } from '../../api/user.ts'
import { publish } from '../../events/bus.ts'
import { $modal } from '../../stores/modal.ts'
import { $session } from '../../stores/session.ts'
import { configured, resetAll } from '../../testing/harness.ts'
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
