// Types of payments.mjs (the demo stays plain JavaScript; its test is TypeScript).
import type { GatehouseClient, WalletPolicy } from '../../packages/node/src/index.ts'

export interface Subscription {
  walletId: string
  userId: string
  address: string
}
export interface Payment {
  at: number
  walletId: string
  userId: string
  ok: boolean
  hash?: string
  code?: string
  message?: string
}
export interface ScheduledPayments {
  policy(): WalletPolicy
  payments(userId?: string): Payment[]
  subscriptions(): Subscription[]
  subscribe(userId: string, address?: string): Promise<Payment | null>
  unsubscribe(userId: string): void
  tick(): Promise<Payment[]>
  start(): void
  stop(): void
}
export function createScheduledPayments(o: {
  gatehouse: GatehouseClient
  recipient: string
  amountWei: bigint
  dailyCapWei: bigint
  chainId?: number
  intervalMs?: number
  now?: () => number
}): ScheduledPayments
