import { space as s } from '../../ui/theme.ts'

/**
 * Styles of the MFA enrollment screens, shipped with their chunk (as the wallet screens do) so the
 * landing screen's bytes stay as they were: the method chooser as theme-coloured rows like the
 * landing's method list, and a phone field wide enough for a full number.
 */
const css = /* css */ `
.mfa-methods { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: ${s(2)}; }
.mfa-method {
  display: flex; align-items: center; gap: ${s(2)}; padding: ${s(1)} ${s(2)} ${s(1)} ${s(1)};
  border: 1px solid var(--_border); border-radius: var(--gh-radius-md); background: transparent;
}
.mfa-method:focus-within { border-color: var(--gh-accent); }
.mfa-method-button {
  flex: 1; min-width: 0; min-height: 40px; padding: ${s(2)} ${s(2.5)}; border: 0; border-radius: var(--gh-radius-sm);
  background: transparent; color: var(--_fg); font: inherit; font-weight: 600; text-align: left; cursor: pointer;
}
.mfa-method-button:hover:not(:disabled):not([aria-disabled='true']) { background: var(--_surface); }
.mfa-method-button:disabled, .mfa-method-button[aria-disabled='true'] { cursor: default; }
.mfa-method-button[aria-disabled='true'] { color: var(--_muted); cursor: not-allowed; }
.mfa-chip {
  flex: none; padding: ${s(0.5)} ${s(2)}; border-radius: var(--gh-radius-pill); font-size: var(--gh-font-size-xs);
  background: var(--_surface); color: var(--_muted);
}
.mfa-chip[data-enabled] { color: var(--_success-text); }
.mfa-remove { flex: none; font-size: var(--gh-font-size-sm); }
.mfa-notice { text-align: center; }
.mfa-phone { width: 100%; min-width: 16ch; flex: none; font-size: var(--gh-font-size-md); letter-spacing: 0.02em; }
`

export function MfaStyles() {
  return <style>{css}</style>
}
