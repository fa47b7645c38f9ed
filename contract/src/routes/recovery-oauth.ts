/**
 * Recovery OAuth (spec part 2 §2, §4, §7; api-paths `/recovery/oauth/{init,authenticate,init_icloud}`):
 * the signed-in user grants access to their own cloud storage (Google Drive's app-data folder,
 * iCloud's private database), where the wallet frame keeps the recovery share of a cloud-backed
 * wallet. The grant is the user's, per flow; the server only redeems it (its client secret).
 */
import { defineRoute } from './define.ts'
import { bearerHeaders } from './headers.ts'

/** The cloud recovery methods (wallet `recoveryMethod`): each is also the provider of its recovery OAuth. */
export const CLOUD_RECOVERY_PROVIDERS = ['google-drive', 'icloud'] as const
export type CloudRecoveryProvider = (typeof CLOUD_RECOVERY_PROVIDERS)[number]

/** What Google Drive's app-data folder needs, and nothing more (no file outside the app's folder). */
export const GOOGLE_DRIVE_APPDATA_SCOPE = 'https://www.googleapis.com/auth/drive.appdata'

const state = { type: 'string', minLength: 16, maxLength: 256 } as const
const flowFields = {
  redirect_to: { type: 'string', minLength: 1, maxLength: 2048 },
  code_challenge: { type: 'string', minLength: 43, maxLength: 128 },
  state_code: state,
} as const
const urlAnswer = {
  200: {
    description: 'The page where the user signs in to the cloud provider and grants access (opened in a popup)',
    type: 'object',
    required: ['url'],
    properties: { url: { type: 'string' } },
    additionalProperties: false,
  },
} as const

export const recoveryOAuthRoutes = {
  'POST /recovery/oauth/init': defineRoute({
    method: 'POST',
    path: '/recovery/oauth/init',
    schema: {
      summary:
        "Start a recovery OAuth flow (Google Drive): remembers the state code and PKCE challenge for the signed-in user → { url } of the provider's consent page",
      headers: bearerHeaders,
      body: {
        type: 'object',
        additionalProperties: false,
        required: ['redirect_to', 'code_challenge', 'state_code'],
        properties: { ...flowFields, provider: { type: 'string', enum: ['google-drive'] } },
      },
      response: urlAnswer,
    },
  }),
  'POST /recovery/oauth/init_icloud': defineRoute({
    method: 'POST',
    path: '/recovery/oauth/init_icloud',
    schema: {
      summary: "Start a recovery flow with iCloud (CloudKit web sign-in): remembers the flow for the signed-in user → { url } of Apple's sign-in page",
      headers: bearerHeaders,
      body: {
        type: 'object',
        additionalProperties: false,
        required: ['client_type', 'redirect_to', 'code_challenge', 'state_code'],
        properties: { client_type: { type: 'string', enum: ['web'] }, ...flowFields },
      },
      response: urlAnswer,
    },
  }),
  'POST /recovery/oauth/authenticate': defineRoute({
    method: 'POST',
    path: '/recovery/oauth/authenticate',
    schema: {
      summary:
        "Finish a recovery flow (wallet frame only): spends the state, checks the PKCE verifier, redeems the grant → the provider's access token (Google) or web auth token (iCloud)",
      headers: bearerHeaders,
      body: {
        type: 'object',
        additionalProperties: false,
        required: ['authorization_code', 'state_code', 'code_verifier', 'provider'],
        properties: {
          authorization_code: { type: 'string', minLength: 1, maxLength: 4096 },
          state_code: state,
          code_verifier: { type: 'string', minLength: 43, maxLength: 128 },
          provider: { type: 'string', enum: CLOUD_RECOVERY_PROVIDERS },
        },
      },
      response: {
        200: {
          description: 'The access token for the cloud storage (used by the wallet frame, never stored here)',
          type: 'object',
          required: ['access_token'],
          properties: { access_token: { type: 'string' } },
          additionalProperties: false,
        },
      },
    },
  }),
} as const
