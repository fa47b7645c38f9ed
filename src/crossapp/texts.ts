/** Cross-app texts and constants (spec part 3 §2, §8, §9), exactly as the spec writes them. */
export const CROSS_APP_TEXT = {
  connecting: (app: string) => `Connecting to ${app}`,
  connected: (app: string) => `Successfully connected with ${app}`,
  failed: 'Authentication failed',
  connectError: (app: string) => `There was an issue connecting your ${app} account. Please try again.`,
  canceled: 'User canceled flow',
  wrongAddress: 'Cannot request a signature with this wallet address',
  readOnly: 'Cannot transact against a read-only provider app',
  tokenRequired: 'Transactions require a valid token',
  initFailed: 'Failed to initialize signature request',
  timeout: 'Request timeout',
  rejected: 'User rejected request',
  invalidApp: 'Invalid connected app',
  phishing: 'Unexpected auth flow. This may be a phishing attempt.',
} as const

/** A request to the provider's popup gives up after 2 minutes (spec §9). */
export const CROSS_APP_REQUEST_TIMEOUT_MS = 120_000
/** How often the requester checks whether the user closed the popup (spec §9). */
export const CROSS_APP_POPUP_CHECK_MS = 300
/** The success state closes this long after it shows (spec §9). */
export const CROSS_APP_SUCCESS_CLOSE_MS = 1400

/** The messages the provider's popup pages post to their opener. */
export const CROSS_APP_MESSAGE = { connect: 'gatehouse:cross-app:connect', result: 'gatehouse:cross-app:result' } as const
