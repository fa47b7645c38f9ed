import { space as s } from '../../ui/theme.ts'

/**
 * Styles of the wallet screens, shipped with their chunk rather than in the element's stylesheet
 * so the landing screen's bytes stay as they were. Rendered inside the shadow root like the rest.
 */
const css = /* css */ `
.wallet-list { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; overflow-y: auto; }
.wallet-row {
  box-sizing: border-box; width: 100%; display: flex; align-items: center; gap: ${s(3)}; padding: ${s(2)} ${s(3)};
  border: 1px solid var(--_border); border-radius: var(--gh-radius-lg); background: transparent; color: var(--_fg); font: inherit; cursor: pointer; text-align: left;
}
.wallet-row:hover { border-color: var(--gh-accent); background: var(--_hover-fill); }
.wallet-row:active { background: var(--_pressed-fill); }
.wallet-row:focus-visible { outline: 2px solid var(--gh-accent); outline-offset: 2px; }
.wallet-name { flex: 1; font-weight: 500; }
.wallet-tag { font-size: var(--gh-font-size-xs); color: var(--_muted); background: var(--_surface); border-radius: var(--gh-radius-pill); padding: ${s(0.5)} ${s(2)}; }
.wallet-icon {
  width: 32px; height: 32px; border-radius: var(--gh-radius-sm); flex: none; display: inline-flex; align-items: center; justify-content: center;
  background: var(--_surface); font-weight: 600; align-self: center;
}
.wallet-search { box-sizing: border-box; width: 100%; border: 1px solid var(--_border); border-radius: var(--gh-radius-md); padding: ${s(2)} ${s(3)}; background: transparent; color: var(--_fg); font: inherit; }
`

export function WalletStyles() {
  return <style>{css}</style>
}
