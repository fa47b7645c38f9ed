import { beforeEach, describe, expect, it } from 'vitest'
import { $captcha, captchaReducer, dispatchCaptcha, initialCaptchaState, takeCaptchaToken, type CaptchaEvent, type CaptchaState } from './captcha.ts'

const run = (events: CaptchaEvent[], from: CaptchaState = initialCaptchaState) => events.reduce(captchaReducer, from)
const enabled = run([{ type: 'CONFIGURE', enabled: true }])

describe('captcha state machine (spec part 1 §4 Captcha status)', () => {
  beforeEach(() => $captcha.set(initialCaptchaState))

  it('starts disabled and ignores widget events until captcha is enabled', () => {
    expect(initialCaptchaState).toEqual({ status: 'disabled', widget: null, token: null, error: null })
    expect(run([{ type: 'EXECUTE' }, { type: 'TOKEN', token: 't' }])).toEqual(initialCaptchaState)
  })

  it('goes ready → loading (script) → widget ready → executing → token set / success', () => {
    expect(enabled).toMatchObject({ status: 'ready', widget: null })
    const loading = run([{ type: 'LOAD' }], enabled)
    expect(loading.status).toBe('loading')
    const rendered = run([{ type: 'RENDERED' }], loading)
    expect(rendered).toMatchObject({ widget: 'ready' })
    const executing = run([{ type: 'EXECUTE' }], rendered)
    expect(executing).toMatchObject({ status: 'loading', widget: 'executing', token: null })
    expect(run([{ type: 'TOKEN', token: 'abc' }], executing)).toEqual({ status: 'success', widget: 'token-set', token: 'abc', error: null })
  })

  it('error: a failing or timed-out widget sets error with its kind and no token', () => {
    const executing = run([{ type: 'LOAD' }, { type: 'RENDERED' }, { type: 'EXECUTE' }], enabled)
    expect(run([{ type: 'FAIL', error: 'failure' }], executing)).toMatchObject({ status: 'error', error: 'failure', token: null })
    expect(run([{ type: 'FAIL', error: 'timeout' }], executing)).toMatchObject({ status: 'error', error: 'timeout' })
    // The next execution clears the error.
    expect(run([{ type: 'FAIL', error: 'failure' }, { type: 'EXECUTE' }], executing)).toMatchObject({ status: 'loading', error: null })
  })

  it('error: a token arriving when no execution runs (stale callback after reset) is ignored', () => {
    const reset = run([{ type: 'LOAD' }, { type: 'RENDERED' }, { type: 'EXECUTE' }, { type: 'RESET' }], enabled)
    expect(reset).toMatchObject({ widget: 'reset', token: null })
    expect(run([{ type: 'TOKEN', token: 'late' }], reset).token).toBeNull()
  })

  it('an expired token is dropped (widget expired, status ready)', () => {
    const passed = run([{ type: 'LOAD' }, { type: 'RENDERED' }, { type: 'EXECUTE' }, { type: 'TOKEN', token: 'abc' }], enabled)
    expect(run([{ type: 'EXPIRE' }], passed)).toMatchObject({ status: 'ready', widget: 'expired', token: null })
  })

  it('a token is single use: takeCaptchaToken hands it out once and resets the widget state', () => {
    for (const e of [{ type: 'CONFIGURE', enabled: true }, { type: 'RENDERED' }, { type: 'EXECUTE' }, { type: 'TOKEN', token: 'once' }] as CaptchaEvent[])
      dispatchCaptcha(e)
    expect(takeCaptchaToken()).toBe('once')
    expect($captcha.get()).toMatchObject({ token: null, widget: 'reset', status: 'ready' })
    expect(takeCaptchaToken()).toBeNull()
  })

  it('CONFIGURE false returns to disabled', () => {
    expect(run([{ type: 'CONFIGURE', enabled: false }], enabled)).toEqual(initialCaptchaState)
  })
})
