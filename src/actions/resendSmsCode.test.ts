import { beforeEach, describe, expect, it } from 'vitest'
import { configured, fakeFetch, resetAll } from '../testing/harness.ts'
import { resendSmsCode } from './resendSmsCode.ts'
import { sendSmsCode } from './sendSmsCode.ts'

beforeEach(() => {
  resetAll()
  configured()
})

describe('resendSmsCode', () => {
  it('sends a new code to the last number on the same channel', async () => {
    const { calls } = fakeFetch({ 'POST /passwordless_sms/init': { body: { success: true } } })
    await sendSmsCode({ phoneNumber: '+14155550123', channel: 'whatsapp' })
    await resendSmsCode()
    expect(calls.map((c) => c.body)).toEqual([
      { phoneNumber: '+14155550123', channel: 'whatsapp' },
      { phoneNumber: '+14155550123', channel: 'whatsapp' },
    ])
  })

  it('error: nothing was sent yet', async () => {
    fakeFetch({})
    await expect(resendSmsCode()).rejects.toMatchObject({ code: 'NO_AUTH_FLOW' })
  })
})
