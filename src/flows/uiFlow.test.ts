import { describe, expect, it } from 'vitest'
import { toUser } from '../api/user.ts'
import { publish } from '../events/bus.ts'
import { $activeFlow, flowKind, startFlow } from './uiFlow.ts'

const user = toUser({ id: 'did:privy:u1', created_at: 0, linked_accounts: [], has_accepted_terms: false, is_guest: false })

describe('uiFlow', () => {
  it('a link flow resolves on link-success, not on auth-success', async () => {
    const done = startFlow({ kind: 'link', method: 'email' })
    expect(flowKind()).toBe('link')
    publish('auth-success', { user, isNewUser: false, loginMethod: 'email' })
    expect($activeFlow.get()).not.toBeNull()
    publish('link-success', { user, linkMethod: 'email', linkedAccount: null })
    await expect(done).resolves.toBe(user)
    expect(flowKind()).toBe('login')
  })

  it('error: closing the modal first rejects with the exit code of the flow kind', async () => {
    for (const [kind, code] of [
      ['login', 'USER_EXITED_AUTH_FLOW'],
      ['link', 'USER_EXITED_LINK_FLOW'],
      ['update', 'USER_EXITED_UPDATE_FLOW'],
    ] as const) {
      const done = startFlow({ kind, method: 'email' })
      publish('modal-close', null)
      await expect(done).rejects.toMatchObject({ code })
    }
  })

  it('error: starting a flow ends the running one as exited', async () => {
    const first = startFlow({ kind: 'update', method: 'email' })
    const second = startFlow({ kind: 'login', method: 'any' })
    await expect(first).rejects.toMatchObject({ code: 'USER_EXITED_UPDATE_FLOW' })
    publish('auth-success', { user, isNewUser: true, loginMethod: 'email' })
    await expect(second).resolves.toBe(user)
  })
})
