/**
 * The demo's theme switcher in Chromium: it sets `theme` / `accent-color` on the tags, the modal
 * repaints from the `--gh-*` properties, the dark theme still passes axe's WCAG 2.1 AA rules, and
 * the choice carries over to the funding page's `<fund-button>`.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../browser.ts'
import { startStack, type Stack } from '../stack.ts'
import { axeViolations } from './a11y.ts'
import { modal, waitForHostEvent } from './helpers.ts'

let stack: Stack
let browser: Browser

beforeAll(async () => {
  ;[stack, browser] = await Promise.all([startStack(), launchBrowser()])
  await stack.createApp({ name: 'Themed App', loginMethods: { email: true } })
})
afterAll(async () => {
  await browser?.close()
  await stack?.stop()
})

/** A computed style inside a tag's shadow root, of the first element carrying `part`. */
const partStyle = (page: Page, tag: string, part: string, property: string) =>
  page.evaluate(
    ([tag, part, property]) => {
      const el = document.querySelector(tag)!.shadowRoot!.querySelector(`[part~="${part}"]`)!
      return getComputedStyle(el).getPropertyValue(property)
    },
    [tag, part, property] as const,
  )
/** What Chromium computes for `color-mix(in srgb, accent 85%, #000)`: the default fill of a primary button. */
const fill = (page: Page, accent: string) =>
  page.evaluate((accent) => {
    const probe = document.body.appendChild(document.createElement('div'))
    probe.style.backgroundColor = `color-mix(in srgb, ${accent} 85%, #000)`
    const value = getComputedStyle(probe).backgroundColor
    probe.remove()
    return value
  }, accent)

describe('the demo theme switcher', () => {
  it('switches the modal to dark with another accent (axe-clean), and the funding page keeps the choice', async () => {
    const page = await browser.newPage()
    await page.goto(`${stack.demoUrl}/`)
    await waitForHostEvent(page, 'auth-ready')
    await page.locator('#login').click()
    await modal(page).locator('[data-screen="landing"]').waitFor()
    expect(await partStyle(page, 'auth-modal', 'dialog', 'background-color')).toBe('rgb(255, 255, 255)')

    await page.getByLabel('Colour scheme').selectOption('dark')
    await page.getByLabel('Accent').fill('#0a7d5a')
    expect(await page.locator('auth-modal').getAttribute('theme')).toBe('dark')
    expect(await page.locator('sign-prompt').getAttribute('accent-color')).toBe('#0a7d5a')
    await expect.poll(() => partStyle(page, 'auth-modal', 'dialog', 'background-color')).toBe('rgb(30, 30, 35)')
    expect(await partStyle(page, 'auth-modal', 'primary-button', 'background-color')).toBe(await fill(page, '#0a7d5a'))
    expect(await axeViolations(page, 'auth-modal')).toEqual([])

    await page.goto(`${stack.demoUrl}/fund.html`)
    await waitForHostEvent(page, 'auth-ready')
    expect(await page.locator('fund-button').getAttribute('accent-color')).toBe('#0a7d5a')
    expect(await partStyle(page, 'fund-button', 'button', 'background-color')).toBe(await fill(page, '#0a7d5a'))
    expect(await page.locator('auth-modal').getAttribute('theme')).toBe('dark')

    await page.getByLabel('Colour scheme').selectOption('')
    await page.getByRole('button', { name: 'App accent' }).click()
    expect(await page.locator('fund-button').getAttribute('accent-color')).toBeNull()
    expect(await partStyle(page, 'fund-button', 'button', 'background-color')).toBe(await fill(page, '#676FFF'))
    await page.close()
  })
})
