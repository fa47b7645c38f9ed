import { atom } from 'nanostores'

/** A value `login()` puts into the landing screen's e-mail or phone input. */
export interface LoginPrefill {
  type: 'email' | 'phone'
  value: string
}

/** What a host passed to `login()` that the landing screen uses: prefill of the e-mail or phone. */
export interface LandingState {
  prefill: LoginPrefill | null
}

export const $landing = atom<LandingState>({ prefill: null })
