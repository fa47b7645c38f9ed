import { OAUTH_PROVIDERS } from '@gatehouse/contract/routes'
import { describe, expect, it } from 'vitest'
import { LANDING_METHODS, SOCIAL_PROVIDERS } from './landingLayout.ts'
import { OAUTH_METHODS } from './methodStarts.ts'

/** Spec part 1 §9 "Supported social providers", in the spec's order. */
const SPEC_SOCIAL_PROVIDERS = ['apple', 'discord', 'github', 'google', 'linkedin', 'spotify', 'instagram', 'twitter', 'tiktok', 'line']
const sorted = (list: readonly string[]) => [...list].sort()

describe('the social providers (spec part 1 §9)', () => {
  it("the landing screen's providers, the OAuth login starters and the app configuration's providers are exactly the spec's ten", () => {
    expect(sorted(SOCIAL_PROVIDERS)).toEqual(sorted(SPEC_SOCIAL_PROVIDERS))
    expect(sorted(OAUTH_METHODS)).toEqual(sorted(SPEC_SOCIAL_PROVIDERS))
    expect(sorted(OAUTH_PROVIDERS)).toEqual(sorted(SPEC_SOCIAL_PROVIDERS))
    // Each one has its place in the landing order.
    for (const provider of SPEC_SOCIAL_PROVIDERS) expect(LANDING_METHODS).toContain(provider)
  })
})
