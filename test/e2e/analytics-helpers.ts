/**
 * Reading the widget's analytics events (spec part 1 §7, part 2 §7, part 3 §7) from both ends:
 *
 * - what the server counted for an app (the owner route `GET /apps/:app_id/analytics/widget_events`,
 *   the numbers the console's Analytics page draws), which proves the event reached the server;
 * - what went over the wire (`POST /api/v1/analytics_events` as Chromium sent it: event_name,
 *   client_id, payload with clientTimestamp), which shows the payload. Nothing in the page is
 *   replaced: Playwright watches the network.
 */
import type { BrowserContext } from 'playwright-core'
import { expect } from 'vitest'
import type { Stack } from '../stack.ts'

export const ANALYTICS_PATH = '/api/v1/analytics_events'

export interface SentEvent {
  /** The `privy-app-id` header: the app the event is counted for. */
  appId: string
  /** The `privy-ca-id` header: the page's analytics client id, which `client_id` repeats. */
  caId: string
  event_name: string
  client_id: string | null
  payload: Record<string, unknown>
}

/** Records every analytics event the pages and popups of `context` send from now on. */
export function sentEvents(context: BrowserContext): SentEvent[] {
  const events: SentEvent[] = []
  context.on('request', (request) => {
    if (request.method() !== 'POST' || new URL(request.url()).pathname !== ANALYTICS_PATH) return
    const headers = request.headers()
    events.push({ appId: headers['privy-app-id'] ?? '', caId: headers['privy-ca-id'] ?? '', ...(request.postDataJSON() as Omit<SentEvent, 'appId' | 'caId'>) })
  })
  return events
}

/** The events of one app named `name`, in the order sent. */
export const sentNamed = (events: SentEvent[], appId: string, name: string) => events.filter((e) => e.appId === appId && e.event_name === name)

/** What the server counted for `appId`: each widget event name with its total over the default range (the last 30 days). */
export async function widgetEventCounts(stack: Stack, appId: string): Promise<Record<string, number>> {
  const res = await fetch(`${stack.apiUrl}/api/v1/apps/${appId}/analytics/widget_events`, { headers: { authorization: `Bearer ${stack.adminToken}` } })
  if (res.status !== 200) throw new Error(`widget_events: ${res.status} ${await res.text()}`)
  const body = (await res.json()) as { days: { events: Record<string, number> }[] }
  const totals: Record<string, number> = {}
  for (const day of body.days) for (const [name, count] of Object.entries(day.events)) totals[name] = (totals[name] ?? 0) + count
  return totals
}

/** Waits until the server's counts for the names in `expected` are exactly those (an absent name is 0). */
export async function expectCounted(stack: Stack, appId: string, expected: Record<string, number>): Promise<void> {
  await expect
    .poll(async () => {
      const counts = await widgetEventCounts(stack, appId)
      return Object.fromEntries(Object.keys(expected).map((name) => [name, counts[name] ?? 0]))
    })
    .toEqual(expected)
}

/** The shape every event has on the wire (spec part 1 §7): its name, the page's analytics client id, a payload with clientTimestamp. */
export function expectSpecShape(event: SentEvent): void {
  expect(event.client_id).toMatch(/^[0-9a-f-]{36}$/)
  expect(event.client_id).toBe(event.caId)
  expect(event.payload.clientTimestamp).toEqual(expect.any(String))
  const stamp = Date.parse(event.payload.clientTimestamp as string)
  expect(Math.abs(Date.now() - stamp)).toBeLessThan(10 * 60_000)
}
