/**
 * The operator console's own owner routes: who the signed-in operator is (and, on their first
 * sign-in, whether GATEHOUSE_OWNER_EMAIL makes them the first owner), and inviting an operator to an
 * app by e-mail. Callers are operators (an access token of the console app); authorizeOwner decides.
 */
import { defineRoute } from './define.ts'
import { OPERATOR_ROLE_NAMES, operatorRoleSchema } from './owner.ts'

const id = { type: 'string', minLength: 1, maxLength: 64 } as const

export const consoleRoutes = {
  'GET /admin/me': defineRoute({
    method: 'GET',
    path: '/admin/me',
    schema: {
      summary: 'The signed-in operator: e-mail, whether they own the whole server, their MFA state',
      description:
        "Operators only (an access token of the console app). When no owner exists yet and the operator's e-mail is GATEHOUSE_OWNER_EMAIL, this call makes them the first owner. Owners need MFA enrolled and a live MFA verification for owner-only changes (roles, secrets, deleting an app).",
      response: {
        200: {
          description: 'The operator',
          type: 'object',
          required: ['userId', 'email', 'serverOwner', 'mfa'],
          properties: {
            userId: { type: 'string' },
            email: { type: ['string', 'null'] },
            serverOwner: { type: 'boolean', description: 'Owns every app of the server and may create apps' },
            mfa: {
              type: 'object',
              required: ['enrolled', 'verifiedUntil'],
              properties: {
                enrolled: { type: 'boolean', description: 'At least one MFA method is enrolled' },
                verifiedUntil: { type: ['string', 'null'], format: 'date-time', description: "When this session's MFA verification ends; null without one" },
              },
              additionalProperties: false,
            },
          },
          additionalProperties: false,
        },
      },
    },
  }),
  'POST /admin/apps/:app_id/operators': defineRoute({
    method: 'POST',
    path: '/admin/apps/:app_id/operators',
    schema: {
      summary: 'Invite an operator by e-mail with a role (their console account is created when missing; they sign in with an e-mail code)',
      params: { type: 'object', required: ['app_id'], properties: { app_id: id } },
      body: {
        type: 'object',
        additionalProperties: false,
        required: ['email', 'role'],
        properties: { email: { type: 'string', format: 'email', maxLength: 254 }, role: { type: 'string', enum: OPERATOR_ROLE_NAMES } },
      },
      response: { 200: { ...operatorRoleSchema, description: 'The operator and its role now' } },
    },
  }),
}
