/**
 * The user as it travels over the wire: snake_case fields, times in unix seconds. The types are
 * the route map's schemas (contract/src/routes/shared.ts), so the server that builds it
 * (server/services/users.ts), the answer check and the widget that maps it to the spec's camelCase
 * `User` (src/api/user.ts) read one description.
 */
import type { FromSchema } from 'json-schema-to-ts'
import type { wireLinkedAccountSchema, wireUserSchema } from './routes/shared.ts'

/** A linked account: its common fields, then the type-specific fields of its details. */
export type WireLinkedAccount = FromSchema<typeof wireLinkedAccountSchema>

export type WireUser = FromSchema<typeof wireUserSchema>
