/**
 * The screenshot gallery (`npm run screenshots`, test/gallery/) covers every screen the router can
 * show: the landing and each entry of src/screens/screenTable.ts. A screen added to the table without
 * a way into the gallery fails here (and in the type check); so does a console page the console's
 * gallery (test/gallery/console.ts) does not picture.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { screens } from '../src/screens/screenTable.ts'
import { CONSOLE_SHOTS, FACES, README_SHOTS, SCREENS, STATES, VARIANTS } from './gallery/shots.ts'

describe('the screenshot gallery', () => {
  it('lists every screen of the router: the landing and each entry of the screen table', () => {
    expect(Object.keys(SCREENS).sort()).toEqual(['landing', ...Object.keys(screens)].sort())
  })

  it('names, for each fixture, the screen it is listed under', () => {
    for (const [name, how] of Object.entries(SCREENS)) if (how.how === 'fixture') expect(how.entry.name).toBe(name)
  })

  it("pictures both faces of the delegation screen: 'Enable offline access' by the host call, 'Revoke offline access to wallet' with its store", () => {
    expect(SCREENS['delegated-actions'].how).toBe('call')
    expect(FACES).toContainEqual(expect.objectContaining({ id: 'delegated-actions-revoke', delegation: expect.objectContaining({ kind: 'revoke' }) }))
    // The revoke face renders under that name (its data-screen): the driver waits for it.
    expect(readFileSync(new URL('../src/screens/wallets/embedded/DelegationScreen.tsx', import.meta.url), 'utf8')).toContain("'delegated-actions-revoke'")
  })

  it("pictures the cross-app provider's consent popup", () => {
    expect(STATES).toContain('cross-app-consent')
  })

  it("pictures 'Add a signer to Farcaster' waiting on its QR code (the signer stand-in answers), and a confirmation whose fee reads 'Sponsored'", () => {
    const driver = readFileSync(new URL('./gallery/run.ts', import.meta.url), 'utf8')
    expect(driver).toContain('startSignedKeyRequestService(')
    expect(driver).toContain('[data-screen="farcaster-signer"][data-status="awaiting"] [part="farcaster-qr"] img')
    expect(STATES).toContain('transaction-sponsored')
    expect(driver).toContain("prompt.getByText('Sponsored', { exact: true }).waitFor(")
  })

  it('pictures every page of the console router', () => {
    const router = readFileSync(new URL('../console/src/router.ts', import.meta.url), 'utf8')
    const routeType = router.slice(router.indexOf('export type Route ='), router.indexOf('export function parseRoute'))
    const pages = [...routeType.matchAll(/page: '([a-z-]+)'/g)].map((m) => m[1]).filter((p) => p !== 'not-found')
    expect(Object.keys(CONSOLE_SHOTS).sort()).toEqual(pages.sort())
    const driver = readFileSync(new URL('./gallery/console.ts', import.meta.url), 'utf8')
    for (const page of pages) expect(driver).toContain(`shoot(page, CONSOLE_SHOTS.${page})`)
  })

  it('pictures for the README are shots the gallery takes', () => {
    const ids = [...Object.keys(SCREENS), 'transaction-confirm', 'sign-message'].flatMap((s) => VARIANTS.map((v) => `${s}-${v.id}`))
    for (const shot of README_SHOTS) expect(ids).toContain(shot)
  })
})
