/**
 * The app owner's API, access part: app secrets, operator roles, a user's sessions and the audit
 * log. The owner area's convention (ARCHITECTURE.md): every owner route lives under `/admin/` or is
 * one of the per-app collections `/apps/:app_id/{users,analytics,webhooks}…`; a route about one app
 * names it as `/admin/apps/:app_id/…` or `/apps/:app_id/…`, and the server's `authorizeOwner`
 * decides who may call it (admin token, that app's secret, an operator with a role in it). A
 * route under `/admin/` without `:app_id` spans every app: the admin token only.
 */
import { defineRoute } from './define.ts'

/** Where every owner route lives (relative to the API prefix). */
export const OWNER_PREFIX = '/admin/'

/**
 * The per-app owner collections that sit beside the app's public routes (`GET /apps/:app_id`, its
 * JWKS), at `/apps/:app_id/<collection>…`, as the API family names them: the same callers as
 * `/admin/apps/:app_id/…` (authorizeOwner decides).
 */
export const OWNER_APP_COLLECTIONS = ['users', 'analytics', 'webhooks'] as const
const ownerCollection = new RegExp(`^/apps/:app_id/(${OWNER_APP_COLLECTIONS.join('|')})(/|$)`)

/** Whether a route map path belongs to the owner area. */
export const isOwnerRoute = (path: string) => path.startsWith(OWNER_PREFIX) || ownerCollection.test(path)

const id = { type: 'string', minLength: 1, maxLength: 64 } as const
const appParams = { type: 'object', required: ['app_id'], properties: { app_id: id } } as const
const userParams = { type: 'object', required: ['app_id', 'user_id'], properties: { app_id: id, user_id: id } } as const
const secretParams = { type: 'object', required: ['app_id', 'secret_id'], properties: { app_id: id, secret_id: id } } as const
const dateTime = { type: 'string', format: 'date-time' } as const

const appSecretSchema = {
  type: 'object',
  required: ['id', 'last4', 'createdAt', 'lastUsedAt'],
  properties: { id: { type: 'string' }, last4: { type: 'string' }, createdAt: dateTime, lastUsedAt: { type: ['string', 'null'], format: 'date-time' } },
} as const

export const OPERATOR_ROLE_NAMES = ['owner', 'admin', 'viewer'] as const
const operatorSchema = {
  type: 'object',
  required: ['userId', 'role', 'createdAt', 'email'],
  properties: {
    userId: { type: 'string' },
    role: { type: 'string', enum: OPERATOR_ROLE_NAMES },
    createdAt: dateTime,
    email: { type: ['string', 'null'], description: "The operator's e-mail (their console account's)" },
  },
} as const

/** One operator with its role, as the access routes answer it (the console's invite route too). */
export const operatorRoleSchema = operatorSchema

const sessionSchema = {
  type: 'object',
  required: ['id', 'createdAt', 'lastRefreshedAt', 'deviceBound', 'userAgent', 'ip'],
  properties: {
    id: { type: 'string' },
    createdAt: dateTime,
    lastRefreshedAt: { type: ['string', 'null'], format: 'date-time', description: 'When its refresh token was last rotated; null if never' },
    deviceBound: { type: 'boolean', description: "Bound to the wallet frame's device key (refresh and key material need its proof)" },
    userAgent: { type: ['string', 'null'] },
    ip: { type: ['string', 'null'], description: 'The client address of the login, as the throttles see it' },
  },
} as const

const revokedSchema = {
  description: 'How many live sessions were revoked',
  type: 'object',
  required: ['revoked'],
  properties: { revoked: { type: 'integer', minimum: 0 } },
} as const

export const AUDIT_ACTOR_TYPES = ['admin_token', 'app_secret', 'operator', 'user', 'system'] as const
const auditEntrySchema = {
  type: 'object',
  required: ['id', 'appId', 'actor', 'action', 'userId', 'details', 'ip', 'createdAt'],
  properties: {
    id: { type: 'string' },
    appId: { type: ['string', 'null'] },
    actor: {
      type: 'object',
      required: ['type', 'id'],
      properties: {
        type: { type: 'string', enum: AUDIT_ACTOR_TYPES },
        id: { type: ['string', 'null'] },
        email: { type: ['string', 'null'], description: "An operator's e-mail when the change was made" },
      },
    },
    action: { type: 'string' },
    userId: { type: ['string', 'null'] },
    details: { type: ['object', 'null'], additionalProperties: true },
    ip: { type: ['string', 'null'] },
    createdAt: dateTime,
  },
} as const

/** The audit log's filters; `app_id` only on the all-apps routes (the per-app ones take it from the path). */
const auditFilters = {
  actor_type: { type: 'string', enum: AUDIT_ACTOR_TYPES },
  actor_id: id,
  action: { type: 'string', minLength: 1, maxLength: 100, description: "An action ('app.update') or a prefix of one ending in '.' ('session.')" },
  user_id: id,
  since: { ...dateTime, description: 'Rows at or after this time' },
  until: { ...dateTime, description: 'Rows before this time' },
} as const
const pageQuery = {
  cursor: { type: 'string', maxLength: 200, description: 'next_cursor of the previous page' },
  limit: { type: 'string', pattern: '^[1-9][0-9]{0,2}$', description: 'Rows per page, 1 to 500 (default 100)' },
} as const
const auditQuery = { type: 'object', additionalProperties: false, properties: { ...auditFilters, ...pageQuery } } as const
const allAuditQuery = { type: 'object', additionalProperties: false, properties: { app_id: id, ...auditFilters, ...pageQuery } } as const
const auditExportQuery = { type: 'object', additionalProperties: false, properties: auditFilters } as const
const allAuditExportQuery = { type: 'object', additionalProperties: false, properties: { app_id: id, ...auditFilters } } as const

const auditPage = {
  description: 'A page of rows; next_cursor is null on the last page',
  type: 'object',
  required: ['data', 'next_cursor'],
  properties: { data: { type: 'array', items: auditEntrySchema }, next_cursor: { type: ['string', 'null'] } },
} as const
const auditExport = {
  description: 'Every matching row, oldest first, one JSON object per line (streamed)',
  content: { 'application/x-ndjson': { schema: auditEntrySchema } },
} as const

export const ownerRoutes = {
  'POST /admin/apps/:app_id/secrets': defineRoute({
    method: 'POST',
    path: '/admin/apps/:app_id/secrets',
    schema: {
      summary:
        'Create an app secret (shown once: only its hash is kept); several live at once, so a backend rotates by creating, deploying, then revoking the old',
      params: appParams,
      response: {
        201: {
          ...appSecretSchema,
          description: 'The new secret: `secret` is shown this once',
          required: [...appSecretSchema.required, 'secret'],
          properties: { ...appSecretSchema.properties, secret: { type: 'string' } },
        },
      },
    },
  }),
  'GET /admin/apps/:app_id/secrets': defineRoute({
    method: 'GET',
    path: '/admin/apps/:app_id/secrets',
    schema: {
      summary: "The app's live secrets: id, last 4 characters, created, last used",
      params: appParams,
      response: {
        200: { description: 'The live secrets', type: 'object', required: ['data'], properties: { data: { type: 'array', items: appSecretSchema } } },
      },
    },
  }),
  'DELETE /admin/apps/:app_id/secrets/:secret_id': defineRoute({
    method: 'DELETE',
    path: '/admin/apps/:app_id/secrets/:secret_id',
    schema: {
      summary: 'Revoke an app secret: it stops working at once',
      params: secretParams,
      response: { 200: { ...appSecretSchema, description: 'The revoked secret' } },
    },
  }),
  'GET /admin/apps/:app_id/operators': defineRoute({
    method: 'GET',
    path: '/admin/apps/:app_id/operators',
    schema: {
      summary: 'The console operators with a role in the app (users of the console app, GATEHOUSE_CONSOLE_APP_ID)',
      params: appParams,
      response: {
        200: {
          description: 'The operators and their roles',
          type: 'object',
          required: ['data'],
          properties: { data: { type: 'array', items: operatorSchema } },
        },
      },
    },
  }),
  'PUT /admin/apps/:app_id/operators/:user_id': defineRoute({
    method: 'PUT',
    path: '/admin/apps/:app_id/operators/:user_id',
    schema: {
      summary: 'Grant or change an operator role: viewer reads, admin reads and changes, owner also manages secrets and roles',
      params: userParams,
      body: { type: 'object', additionalProperties: false, required: ['role'], properties: { role: { type: 'string', enum: OPERATOR_ROLE_NAMES } } },
      response: { 200: { ...operatorSchema, description: 'The operator and its role now' } },
    },
  }),
  'DELETE /admin/apps/:app_id/operators/:user_id': defineRoute({
    method: 'DELETE',
    path: '/admin/apps/:app_id/operators/:user_id',
    schema: { summary: "Remove an operator's role in the app", params: userParams, response: { 200: { ...operatorSchema, description: 'The role removed' } } },
  }),
  'GET /admin/apps/:app_id/users/:user_id/sessions': defineRoute({
    method: 'GET',
    path: '/admin/apps/:app_id/users/:user_id/sessions',
    schema: {
      summary: "A user's live sessions, newest first",
      params: userParams,
      response: {
        200: { description: 'The live sessions', type: 'object', required: ['data'], properties: { data: { type: 'array', items: sessionSchema } } },
      },
    },
  }),
  'DELETE /admin/apps/:app_id/users/:user_id/sessions': defineRoute({
    method: 'DELETE',
    path: '/admin/apps/:app_id/users/:user_id/sessions',
    schema: {
      summary: 'Revoke every session of a user: refresh is refused at once, the wallet frame stops signing within 60 s',
      params: userParams,
      response: { 200: revokedSchema },
    },
  }),
  'DELETE /admin/apps/:app_id/users/:user_id/sessions/:session_id': defineRoute({
    method: 'DELETE',
    path: '/admin/apps/:app_id/users/:user_id/sessions/:session_id',
    schema: {
      summary: 'Revoke one session of a user',
      params: { type: 'object', required: ['app_id', 'user_id', 'session_id'], properties: { app_id: id, user_id: id, session_id: id } },
      response: { 200: revokedSchema },
    },
  }),
  'GET /admin/apps/:app_id/audit-log': defineRoute({
    method: 'GET',
    path: '/admin/apps/:app_id/audit-log',
    schema: { summary: "The app's audit log, newest first, a page at a time", params: appParams, querystring: auditQuery, response: { 200: auditPage } },
  }),
  'GET /admin/apps/:app_id/audit-log/export': defineRoute({
    method: 'GET',
    path: '/admin/apps/:app_id/audit-log/export',
    schema: { summary: "The app's audit log as JSON lines", params: appParams, querystring: auditExportQuery, response: { 200: auditExport } },
  }),
  'GET /admin/audit-log': defineRoute({
    method: 'GET',
    path: '/admin/audit-log',
    schema: { summary: 'The audit log of every app (admin token), newest first, a page at a time', querystring: allAuditQuery, response: { 200: auditPage } },
  }),
  'GET /admin/audit-log/export': defineRoute({
    method: 'GET',
    path: '/admin/audit-log/export',
    schema: { summary: 'The audit log of every app (admin token) as JSON lines', querystring: allAuditExportQuery, response: { 200: auditExport } },
  }),
} as const
