import { hostDefaults, paletteRules } from '../../src/ui/theme.ts'

/**
 * Styles live inside the shadow root. Every colour, radius, font and spacing reads a `--gh-*`
 * custom property (defaults and the light/dark palette: src/ui/theme.ts); test/theme.test.ts
 * fails on a literal here.
 */
export const styles =
  hostDefaults('auth-modal') +
  paletteRules +
  /* css */ `
:host { font-family: var(--gh-font-family); }
:host([standalone]) { display: block; }
[hidden] { display: none !important; }
.focus-guard { position: fixed; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
.backdrop {
  position: fixed; inset: 0; z-index: var(--gh-z-index);
  display: flex; align-items: center; justify-content: center;
  background: var(--gh-backdrop);
}
.dialog {
  box-sizing: border-box; width: 360px; max-height: var(--gh-modal-height); overflow: auto;
  display: flex; flex-direction: column; gap: calc(var(--gh-spacing) * 3); padding: calc(var(--gh-spacing) * 4) calc(var(--gh-spacing) * 5) calc(var(--gh-spacing) * 3);
  background: var(--_bg); color: var(--_fg); border-radius: var(--gh-radius);
  box-shadow: var(--gh-shadow); font-size: var(--gh-font-size); line-height: 1.4;
}
.root.standalone .dialog { box-shadow: none; border: 1px solid var(--_border); }
.dialog-content { display: flex; flex-direction: column; gap: calc(var(--gh-spacing) * 3); }
/* Open and close: the backdrop fades, the dialog fades and rises (src/ui/dialogMotion.ts). */
.backdrop { animation: gh-fade-in 0.2s ease-out; }
.backdrop > .dialog { animation: gh-dialog-in 0.2s ease-out; }
.root.closing .backdrop { animation: gh-fade-out 0.15s ease-in forwards; }
.root.closing .backdrop > .dialog { animation: gh-dialog-out 0.15s ease-in forwards; }
.dialog[data-resizing] { overflow: hidden; }
@keyframes gh-fade-in { from { opacity: 0; } }
@keyframes gh-fade-out { to { opacity: 0; } }
@keyframes gh-dialog-in { from { opacity: 0; transform: translateY(12px) scale(0.98); } }
@keyframes gh-dialog-out { to { opacity: 0; transform: translateY(12px) scale(0.98); } }

/* Compact height where the full 620 px plus a margin does not fit the viewport (spec §9). */
@media (max-height: 659px) {
  .dialog { max-height: var(--gh-modal-compact-height); }
}
@media (max-width: 440px) {
  .backdrop { align-items: flex-end; }
  .dialog { width: 100%; border-radius: var(--gh-radius) var(--gh-radius) 0 0; }
  .root.standalone .dialog { border-radius: var(--gh-radius); }
}
.header { display: flex; align-items: center; justify-content: space-between; min-height: 32px; }
.header > span { margin-left: auto; }
.icon-button {
  width: 32px; height: 32px; border: 0; border-radius: var(--gh-radius-sm); background: transparent; color: var(--_muted);
  font-size: var(--gh-font-size-lg); line-height: 1; cursor: pointer;
}
.icon-button { display: inline-flex; align-items: center; justify-content: center; }
.icon-button:hover { background: var(--_hover-fill); color: var(--_fg); }
.icon-button:active { background: var(--_pressed-fill); }
/* A mark's box is there from the first paint, so the control does not move when the marks' chunk fills it in. */
.icon { width: 20px; height: 20px; flex: none; display: inline-flex; }
.icon svg { display: block; }
.body { display: flex; flex-direction: column; gap: calc(var(--gh-spacing) * 3); align-items: stretch; text-align: center; }
.title { margin: 0; font-size: var(--gh-font-size-lg); font-weight: 600; }
/* A new screen's title takes focus so screen readers announce it; it is not a control, so no ring. */
.title[tabindex='-1']:focus { outline: none; }
.detail, .note { margin: 0; color: var(--_muted); font-size: var(--gh-font-size-md); }
.logo { max-height: 56px; max-width: 180px; align-self: center; object-fit: contain; }
.app-name { font-weight: 600; }
form.email { display: flex; gap: calc(var(--gh-spacing) * 2); border: 1px solid var(--_border); border-radius: var(--gh-radius-lg); padding: calc(var(--gh-spacing) * 1) calc(var(--gh-spacing) * 1) calc(var(--gh-spacing) * 1) calc(var(--gh-spacing) * 3); }
form.email:focus-within { border-color: var(--gh-accent); }
.email-input { flex: 1; min-width: 0; border: 0; outline: none; background: transparent; color: var(--_fg); font: inherit; }
.primary-button, .secondary-button {
  box-sizing: border-box; border-radius: var(--gh-radius-md); padding: calc(var(--gh-spacing) * 2.5) calc(var(--gh-spacing) * 3.5); font: inherit; font-weight: 600; cursor: pointer;
  text-decoration: none; text-align: center;
}
.primary-button { border: 0; background: var(--_accent-strong); color: var(--gh-accent-contrast); }
.secondary-button { border: 1px solid var(--_border); background: transparent; color: var(--_fg); }
.primary-button, .secondary-button, .icon-button, .wallet-row { transition: background-color 0.15s ease, border-color 0.15s ease, color 0.15s ease, transform 0.1s ease; }
.primary-button:hover:not(:disabled) { background: var(--_accent-hover); }
.primary-button:active:not(:disabled) { background: var(--_accent-pressed); transform: scale(0.98); }
.secondary-button:hover:not(:disabled) { background: var(--_hover-fill); border-color: var(--gh-accent); }
.secondary-button:active:not(:disabled) { background: var(--_pressed-fill); transform: scale(0.98); }
.primary-button:focus-visible, .secondary-button:focus-visible, .icon-button:focus-visible, .link-button:focus-visible {
  outline: 2px solid var(--gh-accent); outline-offset: 2px;
}
.primary-button:disabled, .secondary-button:disabled { opacity: 0.5; cursor: not-allowed; }
/* Done: a check mark on the success colour, not the pale disabled look. */
.primary-button[data-state='success'] {
  display: inline-flex; align-items: center; justify-content: center; gap: calc(var(--gh-spacing) * 2);
  background: var(--_success-fill); color: var(--gh-accent-contrast); opacity: 1; cursor: default;
}
.method-button { display: flex; align-items: center; justify-content: center; gap: calc(var(--gh-spacing) * 3); }
.method-label { flex: 1; text-align: left; }
form.email > .icon { align-self: center; color: var(--_muted); }
.mfa-methods button[aria-disabled='true'] { opacity: 0.5; cursor: not-allowed; }
form.email .primary-button { padding: calc(var(--gh-spacing) * 1.5) calc(var(--gh-spacing) * 3); }
.error-message { margin: 0; color: var(--_error); font-size: var(--gh-font-size-sm); }
.success-message { margin: 0; color: var(--_success-text); font-size: var(--gh-font-size-sm); }
.consent { margin: 0; color: var(--_muted); font-size: var(--gh-font-size-xs); }
a { color: var(--_accent-text); }
.code { display: flex; gap: calc(var(--gh-spacing) * 2); justify-content: center; }
.code-digit {
  width: 40px; height: 48px; box-sizing: border-box; text-align: center; font-size: var(--gh-font-size-xl);
  border: 1px solid var(--_border); border-radius: var(--gh-radius-md); background: var(--_bg); color: var(--_fg);
}
.code-digit:focus { outline: 2px solid var(--gh-accent); outline-offset: 0; }
.code[data-status='error'] .code-digit { border-color: var(--_error); }
.code[data-status='success'] .code-digit { border-color: var(--gh-success); }
/* Spec part 2: the pin input's fail state shakes. */
.code[data-mode='pin'][data-status='error'] { animation: gh-pin-shake 0.3s ease-in-out; }
@keyframes gh-pin-shake { 20%, 60% { transform: translateX(-6px); } 40%, 80% { transform: translateX(6px); } }
.badge {
  align-self: center; display: inline-flex; gap: calc(var(--gh-spacing) * 1); padding: calc(var(--gh-spacing) * 1) calc(var(--gh-spacing) * 2.5); border-radius: var(--gh-radius-pill);
  background: var(--_surface); font-size: var(--gh-font-size-sm);
}
.link-button { border: 0; background: none; color: var(--_accent-text); font: inherit; cursor: pointer; align-self: center; }
.actions { display: flex; flex-direction: column; gap: calc(var(--gh-spacing) * 2); }
/* Account transfer's assets step: the other account's wallets (long addresses wrap), and the confirmation tick. */
.transfer-wallets { margin: 0; padding-left: calc(var(--gh-spacing) * 4); text-align: left; }
.transfer-wallets .address { overflow-wrap: anywhere; }
.confirm-check { display: flex; gap: calc(var(--gh-spacing) * 2); align-items: flex-start; text-align: left; }
.country-select { max-width: 92px; border: 0; background: transparent; color: var(--_fg); font: inherit; }
.methods { display: flex; flex-direction: column; gap: calc(var(--gh-spacing) * 2); max-height: 400px; overflow: auto; }
.footer {
  display: flex; align-items: center; justify-content: center; gap: calc(var(--gh-spacing) * 1);
  font-size: var(--gh-font-size-xs); color: var(--_muted); padding-top: calc(var(--gh-spacing) * 1);
}
.footer-logo { flex: none; overflow: visible; }
.spinner {
  width: 32px; height: 32px; align-self: center; border-radius: 50%;
  border: 3px solid var(--_border); border-top-color: var(--gh-accent); animation: spin 0.8s linear infinite;
}
@keyframes spin { to { transform: rotate(360deg); } }
/* Embedded wallet screens */
.text-input {
  flex: 1; min-width: 0; box-sizing: border-box; padding: calc(var(--gh-spacing) * 2.5) calc(var(--gh-spacing) * 3); border: 1px solid var(--_border);
  border-radius: var(--gh-radius-md); background: var(--_bg); color: var(--_fg); font: inherit;
}
.text-input:focus { outline: 2px solid var(--gh-accent); outline-offset: 0; }
.password-field { display: flex; flex-wrap: wrap; gap: calc(var(--gh-spacing) * 1.5); align-items: center; }
.password-field .link-button { font-size: var(--gh-font-size-sm); }
.strength { display: flex; align-items: center; gap: calc(var(--gh-spacing) * 2); font-size: var(--gh-font-size-sm); color: var(--_muted); }
.strength-bar { flex: 1; height: 4px; border-radius: var(--gh-radius-pill); background: var(--_border); position: relative; overflow: hidden; }
.strength-bar::after { content: ''; position: absolute; inset: 0; width: 33%; background: var(--_error); }
.strength[data-strength='Medium'] .strength-bar::after { width: 66%; background: var(--gh-warning); }
.strength[data-strength='Strong'] .strength-bar::after { width: 100%; background: var(--gh-success); }
.checkbox { display: flex; gap: calc(var(--gh-spacing) * 2); align-items: flex-start; text-align: left; font-size: var(--gh-font-size-md); }
.secret {
  display: block; padding: calc(var(--gh-spacing) * 2); border-radius: var(--gh-radius-sm); background: var(--_surface); word-break: break-all;
  font-size: var(--gh-font-size-sm);
}
.export-frame { display: block; box-sizing: border-box; width: 100%; height: 44px; border: 0; border-radius: var(--gh-radius-md); background: transparent; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
/* Last, so it wins over every transition and animation above. */
@media (prefers-reduced-motion: reduce) {
  .backdrop, .backdrop > .dialog, .root.closing .backdrop, .root.closing .backdrop > .dialog, .code { animation: none; }
  .primary-button, .secondary-button, .icon-button, .wallet-row { transition: none; }
  .primary-button:active:not(:disabled), .secondary-button:active:not(:disabled) { transform: none; }
}`
