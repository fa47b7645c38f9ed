import { describe, expect, it } from 'vitest'
import { CODE_NUMERIC_MESSAGE, emailProblem, isCompleteCode, isValidEmail, PLUS_EMAIL_MESSAGE } from './email.ts'

describe('e-mail validation', () => {
  it('accepts ordinary addresses', () => {
    for (const email of ['ada@example.com', 'a.b-c@sub.example.co.uk', ' ada@example.com ']) expect(isValidEmail(email)).toBe(true)
  })

  for (const email of ['', 'ada', 'ada@', '@example.com', 'ada@example', 'a da@example.com', 'ada@@example.com', 'ada@example..com']) {
    it(`error: rejects ${JSON.stringify(email)}`, () => expect(emailProblem(email)).toBe('invalid'))
  }

  it('allows plus-addresses unless the app disables them', () => {
    expect(emailProblem('ada+test@example.com')).toBeNull()
    expect(emailProblem('ada+test@example.com', { disablePlusEmails: false })).toBeNull()
  })

  it("error: plus-address with disablePlusEmails gives the spec's message", () => {
    expect(emailProblem('ada+test@example.com', { disablePlusEmails: true })).toBe('plus')
    expect(PLUS_EMAIL_MESSAGE).toBe("Please enter a valid email address without a '+'.")
  })

  it('a plus in the domain part is not a plus-address', () => {
    expect(emailProblem('ada@exa+mple.com', { disablePlusEmails: true })).toBeNull()
  })
})

describe('code validation', () => {
  it('needs exactly 6 digits', () => {
    expect(isCompleteCode('123456')).toBe(true)
    expect(isCompleteCode('12345')).toBe(false)
    expect(isCompleteCode('1234567')).toBe(false)
    expect(isCompleteCode('12345a')).toBe(false)
    expect(CODE_NUMERIC_MESSAGE).toBe('Code should be numeric')
  })
})
