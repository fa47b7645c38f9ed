/** The admin API (GATEHOUSE_ADMIN_TOKEN): create, read and change apps. */
import { adminAppSchema, appInputSchema, appUpdateSchema } from './app-config.ts'
import { defineRoute } from './define.ts'
import { appParams } from './headers.ts'

export const adminRoutes = {
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
} as const
