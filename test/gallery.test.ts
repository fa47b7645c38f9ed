/**
 * The screenshot gallery (`npm run screenshots`, test/gallery/) covers every screen the router can
 * show: the landing and each entry of src/screens/screenTable.ts. A screen added to the table without
 * a way into the gallery fails here (and in the type check).
 */
import { describe, expect, it } from 'vitest'
import { screens } from '../src/screens/screenTable.ts'
import { README_SHOTS, SCREENS, VARIANTS } from './gallery/shots.ts'

describe('the screenshot gallery', () => {
  it('lists every screen of the router: the landing and each entry of the screen table', () => {
    expect(Object.keys(SCREENS).sort()).toEqual(['landing', ...Object.keys(screens)].sort())
  })

  it('names, for each fixture, the screen it is listed under', () => {
    for (const [name, how] of Object.entries(SCREENS)) if (how.how === 'fixture') expect(how.entry.name).toBe(name)
  })

  it('pictures for the README are shots the gallery takes', () => {
    const ids = [...Object.keys(SCREENS), 'transaction-confirm', 'sign-message'].flatMap((s) => VARIANTS.map((v) => `${s}-${v.id}`))
    for (const shot of README_SHOTS) expect(ids).toContain(shot)
  })
})
