import axe from 'axe-core'
import type { Frame, Page } from 'playwright-core'
import { expect } from 'vitest'

/** WCAG 2.1 levels A and AA (axe's tags for them). */
export const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

export interface AxeViolation {
  id: string
  impact: string | null
  help: string
  nodes: string[]
}

/**
 * Runs axe-core on the page inside `selector`'s element, its open shadow root included (axe walks
 * shadow trees), with the WCAG 2.1 A/AA rules. Returns the violations, each with the offending
 * nodes' HTML, so a failing assertion says what to fix.
 */
export async function axeViolations(page: Page | Frame, selector: string): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axe.source })
  return page.evaluate(
    async ([selector, tags]) => {
      const result = await (window as any).axe.run({ include: [[selector]] }, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
      return result.violations.map((v: any) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map((n: any) => `${n.target.join(' >>> ')}: ${n.failureSummary}`),
      }))
    },
    [selector, WCAG_21_AA] as const,
  )
}

/**
 * Fails the running test when axe finds any WCAG 2.1 A/AA violation on the screen now shown inside
 * `selector` (default `<auth-modal>`); the message names the screen and lists each rule and node.
 * Suites that reach a screen for their own sake call it there, so every screen a test reaches is swept.
 */
export async function expectNoAxeViolations(page: Page | Frame, screen: string, selector = 'auth-modal') {
  const violations = await axeViolations(page, selector)
  const summary = violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.join('\n    ')}`).join('\n  ')
  expect(
    violations.map((v) => v.id),
    `axe (WCAG 2.1 A/AA) on the ${screen} screen:\n  ${summary}`,
  ).toEqual([])
}
