/**
 * The events each change writes to the webhook outbox (services/events.ts), with the payload every
 * one shares: `data.user` is the wire user after the change (services/users.ts), beside what the
 * event is about (`account`, `wallet`, `method`…). Called with the change's transaction, so the
 * event exists exactly when the change committed.
 */
import type { Db, LinkedAccountsTable } from '../db/schema.js'
import { recordEvent, type WebhookEventType } from './events.js'
import { loadWireUser, toWireUser, type WireLinkedAccount, type WireUser } from './users.js'

/** A linked account as the wire shows it (inside the user's `linked_accounts`). */
export function wireAccount(row: LinkedAccountsTable): WireLinkedAccount {
  return toWireUser({ id: row.user_id, app_id: row.app_id, created_at: 0, has_accepted_terms: 0, is_guest: 0 }, [row]).linked_accounts[0]
}

/** Records `type` about the user as `trx` sees them now (after the change), with `extra` beside. */
export async function recordUserEvent(
  trx: Db,
  appId: string,
  type: WebhookEventType,
  userId: string,
  extra: Record<string, unknown> = {},
): Promise<WireUser | null> {
  const user = await loadWireUser(trx, userId)
  if (user) await recordEvent(trx, appId, type, { user, ...extra })
  return user
}
