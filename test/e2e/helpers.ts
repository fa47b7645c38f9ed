import type { Page } from 'playwright-core'

export interface HostEvent {
  type: string
  detail: any
}

declare global {
  interface Window {
    gatehouseEvents: HostEvent[]
  }
}

/** Resolves with the first event of `type` the demo page recorded after `after` earlier ones. */
export async function waitForHostEvent(page: Page, type: string, { after = 0, timeout = 15000 } = {}): Promise<HostEvent> {
  const handle = await page.waitForFunction(([t, n]) => (window.gatehouseEvents ?? []).slice(n as number).find((e) => e.type === t), [type, after] as const, {
    timeout,
  })
  return (await handle.jsonValue()) as HostEvent
}

export const eventCount = (page: Page) => page.evaluate(() => (window.gatehouseEvents ?? []).length)

/** The tag on the host page; Playwright's locators pierce its open shadow root. */
export const modal = (page: Page) => page.locator('auth-modal')

export async function submitEmail(page: Page, email: string) {
  const input = modal(page).getByRole('textbox', { name: 'Email address' })
  await input.fill(email)
  await input.press('Enter')
}

export async function typeCode(page: Page, code: string) {
  await modal(page).getByRole('textbox', { name: 'Digit 1' }).click()
  await page.keyboard.type(code)
}
