/** Linking, unlinking, replacing and transferring an e-mail address; all need a signed-in user (spec part 1 §3, §5). */
import { defineRoute } from './define.ts'
import { bearerHeaders, loginCode as code, emailAddress as email, transferBody, TRANSFER_SUMMARY } from './headers.ts'
import { userResponseSchema } from './shared.ts'

export const passwordlessLinkRoutes = {
  'POST /passwordless/link': defineRoute({
    method: 'POST',
    path: '/passwordless/link',
    schema: {
      summary: 'Link an e-mail address (proven by its code) to the signed-in user → the user',
      headers: bearerHeaders,
      body: { type: 'object', required: ['email', 'code'], properties: { email, code } },
      response: { 200: userResponseSchema },
    },
  }),
  'POST /passwordless/unlink': defineRoute({
    method: 'POST',
    path: '/passwordless/unlink',
    schema: {
      summary: "Unlink one of the signed-in user's e-mail addresses → the user",
      headers: bearerHeaders,
      body: { type: 'object', required: ['address'], properties: { address: email } },
      response: { 200: userResponseSchema },
    },
  }),
  'POST /passwordless/update': defineRoute({
    method: 'POST',
    path: '/passwordless/update',
    schema: {
      summary: "Replace the signed-in user's e-mail; the code was sent to the new address → the user",
      headers: bearerHeaders,
      body: { type: 'object', required: ['oldAddress', 'newAddress', 'code'], properties: { oldAddress: email, newAddress: email, code } },
      response: { 200: userResponseSchema },
    },
  }),
  'POST /passwordless/transfer': defineRoute({
    method: 'POST',
    path: '/passwordless/transfer',
    schema: { summary: TRANSFER_SUMMARY, headers: bearerHeaders, body: transferBody, response: { 200: userResponseSchema } },
  }),
} as const
