import { atom } from 'nanostores'
import type { LoginPrefill } from '../screens/login/landingLayout.ts'

/** What a host passed to `login()` that the landing screen uses: prefill of the e-mail or phone. */
export interface LandingState {
  prefill: LoginPrefill | null
}

export const $landing = atom<LandingState>({ prefill: null })
