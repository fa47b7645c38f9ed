import { beforeEach, describe, expect, it } from 'vitest'
import { ApiError } from '../errors/api.ts'
import { $emailFlow } from '../stores/emailFlow.ts'
import { appConfig, configured, fakeFetch, resetAll, recordEvents } from '../testing/harness.ts'
import { sendEmailCode } from './sendEmailCode.ts'

let events: [string, any][] = []
beforeEach(() => {
  resetAll()
  configured()
  events = recordEvents()
})

describe('sendEmailCode', () => {
  it('posts the e-mail and moves to awaiting-code-input', async () => {
    const { calls } = fakeFetch({ 'POST /passwordless/init': { body: { success: true } } })
    const pending = sendEmailCode({ email: ' ada@example.com ' })
    expect($emailFlow.get().state).toBe('sending-code')
    await expect(pending).resolves.toEqual({ success: true })
    expect(calls[0]!.body).toEqual({ email: 'ada@example.com' })
    expect($emailFlow.get()).toMatchObject({ state: 'awaiting-code-input', sentTo: 'ada@example.com' })
  })

  it('passes a captcha token as token', async () => {
    const { calls } = fakeFetch({ 'POST /passwordless/init': { body: { success: true } } })
    await sendEmailCode({ email: 'ada@example.com', captchaToken: 't:abc' })
    expect(calls[0]!.body).toEqual({ email: 'ada@example.com', token: 't:abc' })
  })

  it('error: an invalid address is refused before any request', async () => {
    const { fetch } = fakeFetch({})
    await expect(sendEmailCode({ email: 'nope' })).rejects.toMatchObject({ code: 'invalid_data' })
    expect(fetch).not.toHaveBeenCalled()
    expect($emailFlow.get().state).toBe('idle')
  })

  it('error: a plus-address is refused when the app disables them', async () => {
    configured(appConfig({ disablePlusEmails: true }))
    fakeFetch({})
    await expect(sendEmailCode({ email: 'ada+x@example.com' })).rejects.toMatchObject({
      shortMessage: "Please enter a valid email address without a '+'.",
    })
  })

  it('error: a server refusal moves to error and publishes auth-error', async () => {
    fakeFetch({ 'POST /passwordless/init': { status: 403, body: { error: 'Not on the allowlist', code: 'allowlist_rejected' } } })
    await expect(sendEmailCode({ email: 'ada@example.com' })).rejects.toBeInstanceOf(ApiError)
    expect($emailFlow.get().state).toBe('error')
    expect(events).toEqual([['auth-error', { code: 'allowlist_rejected', message: 'Not on the allowlist' }]])
  })
})

describe('before the API exists', () => {
  it("error: a login flow started before any app is configured rejects with 'Auth flow has no API instance' (e-mail, SMS, OAuth)", async () => {
    resetAll()
    const { fetch } = fakeFetch({})
    const { sendSmsCode } = await import('./sendSmsCode.ts')
    const { initOAuth } = await import('./initOAuth.ts')
    await expect(sendEmailCode({ email: 'ada@example.com' })).rejects.toMatchObject({
      name: 'AuthFlowNoApiError',
      shortMessage: 'Auth flow has no API instance',
      code: 'NOT_INITIALIZED',
    })
    await expect(sendSmsCode({ phoneNumber: '+14155550123' })).rejects.toMatchObject({ shortMessage: 'Auth flow has no API instance' })
    await expect(initOAuth({ provider: 'github', kind: 'login', mode: 'popup' })).rejects.toMatchObject({ shortMessage: 'Auth flow has no API instance' })
    expect(fetch).not.toHaveBeenCalled()
  })
})
