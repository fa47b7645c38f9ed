/** Spec part 1 §2 (OAuth status screen) and §8 ('OAuth and social') texts, in one place for tests. */
export const OAUTH_TEXT = {
  verifying: (p: string) => `Verifying connection to ${p}`,
  connected: (p: string) => `Successfully connected with ${p}`,
  goodToGo: "You're good to go!",
  failed: 'Authentication failed',
  retry: 'Retry',
  invalidCredentials: 'Something went wrong. Try again.',
  userDenied: (p: string) => `Retry and check ${p} to finish connecting your account.`,
  tooManyRequests: 'Too many requests. Please wait before trying again.',
  providerRateLimited: (p: string) => `Request limit reached for ${p}. Please wait a moment and try again.`,
  suspended: (p: string) => `Your ${p} account is suspended. Please try another login method.`,
  cannotLinkMore: 'You cannot authorize more than one account for this user.',
  linkedToAnotherUser: 'This account has already been linked to another user.',
  unexpected: 'Something went wrong. Please try again.',
  invalidCode: 'Invalid code during OAuth flow.',
  userDeniedError: 'User denied confirmation during OAuth flow',
  phishing: 'Unexpected auth flow. This may be a phishing attempt.',
} as const
