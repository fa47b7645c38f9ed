// Types of server.mjs (the demo stays plain JavaScript; its test is TypeScript).
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { GatehouseClient } from '../../packages/node/src/index.ts'
import type { ScheduledPayments } from './payments.mjs'

export function createHostBackend(o: {
  appId: string
  apiUrl: string
  appSecret?: string
  authorizationPrivateKey?: string
  gatehouse?: GatehouseClient
  recipient?: string
  amountWei?: bigint
  dailyCapWei?: bigint
  intervalMs?: number
}): Promise<{ handle(req: IncomingMessage, res: ServerResponse): Promise<void>; payments: ScheduledPayments | null; close(): void }>
