import { beforeEach, describe, expect, it } from 'vitest'
import { $emailFlow } from '../stores/emailFlow.ts'
import { configured, fakeFetch, resetAll } from '../testing/harness.ts'
import { resendEmailCode } from './resendEmailCode.ts'
import { sendEmailCode } from './sendEmailCode.ts'

beforeEach(() => {
  resetAll()
  configured()
})

describe('resendEmailCode', () => {
  it('sends a new code to the address of the last one', async () => {
    const { calls } = fakeFetch({ 'POST /passwordless/init': { body: { success: true } } })
    await sendEmailCode({ email: 'ada@example.com' })
    await resendEmailCode()
    expect(calls.map((c) => c.body)).toEqual([{ email: 'ada@example.com' }, { email: 'ada@example.com' }])
    expect($emailFlow.get().state).toBe('awaiting-code-input')
  })

  it('error: nothing to resend before a first code', async () => {
    fakeFetch({})
    await expect(resendEmailCode()).rejects.toMatchObject({ code: 'NO_AUTH_FLOW' })
  })
})
