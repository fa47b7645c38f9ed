/** Request and answer parts several areas share. */
import { wireUserSchema } from './shared.ts'

/** The access token rides in Authorization; routes check it themselves (401 with a code), not the schema (400). */
export { bearerHeaders } from './shared.ts'

/** `:app_id` in the path. */
export const appParams = { type: 'object', required: ['app_id'], properties: { app_id: { type: 'string' } } } as const

/** A success answer that is the user (link, transfer, …). */
export const userAnswer = <const D extends string>(description: D) => ({ ...wireUserSchema, description }) as const
