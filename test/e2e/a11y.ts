import axe from 'axe-core'
import type { Frame, Page } from 'playwright-core'

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

/** Fails with the violations listed when axe finds any inside `selector` (a screen named `screen` in the message). */
export async function expectAccessible(page: Page, screen: string, selector = 'auth-modal'): Promise<void> {
  const violations = await axeViolations(page, selector)
  if (violations.length) throw new Error(`axe violations on ${screen}:\n${JSON.stringify(violations, null, 2)}`)
}
