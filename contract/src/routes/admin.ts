/** The admin API (GATEHOUSE_ADMIN_TOKEN): list, create, read, change and delete apps. */
import { adminAppSchema, appInputSchema, appUpdateSchema } from './app-config.ts'
import { defineRoute } from './define.ts'
import { appParams } from './headers.ts'

/** The app id of the operator console (the server's own app, created at start; it cannot be deleted). */
export const CONSOLE_APP_ID = 'gatehouseconsole000000000'

/** One app as the list shows it. */
const appSummarySchema = {
  type: 'object',
  required: ['id', 'name', 'createdAt', 'reserved', 'role'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    createdAt: { type: 'string', format: 'date-time' },
    reserved: { type: 'boolean', description: "true for the server's own apps (the operator console's)" },
    role: {
      type: ['string', 'null'],
      enum: ['owner', 'admin', 'viewer', null],
      description: "The calling operator's role in the app; null for the admin token",
    },
  },
  additionalProperties: false,
} as const

export const adminRoutes = {
  'GET /admin/apps': defineRoute({
    method: 'GET',
    path: '/admin/apps',
    schema: {
      summary: "List the apps, oldest first: every app for the admin token and server owners, an operator's own apps (with the role) otherwise",
      response: {
        200: {
          description: 'Every app of the server',
          type: 'object',
          required: ['data'],
          properties: { data: { type: 'array', items: appSummarySchema } },
          additionalProperties: false,
        },
      },
    },
  }),
  'POST /admin/apps': defineRoute({
    method: 'POST',
    path: '/admin/apps',
    schema: { summary: 'Create an app (admin)', body: appInputSchema, response: { 201: adminAppSchema } },
  }),
  'GET /admin/apps/:app_id': defineRoute({
    method: 'GET',
    path: '/admin/apps/:app_id',
    schema: { summary: 'Read an app with its server-only settings (admin)', params: appParams, response: { 200: adminAppSchema } },
  }),
  'PATCH /admin/apps/:app_id': defineRoute({
    method: 'PATCH',
    path: '/admin/apps/:app_id',
    schema: {
      summary: 'Change an app (admin); objects merge, other values replace',
      params: appParams,
      body: appUpdateSchema,
      response: { 200: adminAppSchema },
    },
  }),
  'DELETE /admin/apps/:app_id': defineRoute({
    method: 'DELETE',
    path: '/admin/apps/:app_id',
    schema: {
      summary: 'Delete an app with its users, sessions and wallets (admin)',
      description: "Irreversible. `confirm` must repeat the app id; the console's own app cannot be deleted.",
      params: appParams,
      querystring: {
        type: 'object',
        required: ['confirm'],
        properties: { confirm: { type: 'string', maxLength: 64, description: 'the app id again' } },
        additionalProperties: false,
      },
      response: {
        200: {
          description: 'The app is gone',
          type: 'object',
          required: ['deleted', 'id'],
          properties: { deleted: { type: 'boolean', const: true }, id: { type: 'string' } },
          additionalProperties: false,
        },
      },
    },
  }),
} as const
