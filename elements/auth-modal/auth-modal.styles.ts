/**
 * Styles live inside the shadow root. Theme through custom properties with defaults on :host;
 * `[data-theme=dark]` switches the internal variables so hosts can override either palette.
 */
export const styles = /* css */ `
:host {
  --gh-accent: #676FFF;
  --gh-accent-contrast: #ffffff;
  --gh-background: #ffffff;
  --gh-foreground: #040217;
  --gh-muted: #64668b;
  --gh-border: #e2e3f0;
  --gh-surface: #f1f2f9;
  --gh-dark-background: #1e1e23;
  --gh-dark-foreground: #f8f8fc;
  --gh-dark-muted: #a0a0b4;
  --gh-dark-border: #3a3a46;
  --gh-dark-surface: #2a2a33;
  --gh-error: #cc2a35;
  --gh-dark-error: #ff7a82;
  --gh-success: #12a150;
  --gh-radius: 16px;
  --gh-font-family: ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
  --gh-z-index: 999999;
  --gh-modal-height: 620px;
  --gh-modal-compact-height: 480px;
  font-family: var(--gh-font-family);
}
:host([standalone]) { display: block; }
[hidden] { display: none !important; }
.focus-guard { position: fixed; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
.root {
  --_bg: var(--gh-background); --_fg: var(--gh-foreground); --_muted: var(--gh-muted);
  --_border: var(--gh-border); --_surface: var(--gh-surface);
  /* The accent darkened (fills under white text, text on the light background) and lightened (text
     on the dark background) so both reach WCAG AA contrast (4.5:1) with the default #676FFF. */
  --_accent-strong: var(--gh-accent-strong, color-mix(in srgb, var(--gh-accent) 85%, #000));
  --_accent-text: var(--_accent-strong);
  --_error: var(--gh-error);
  /* Success text darkened on the light background (#12a150 alone is 3.4:1 on white; AA needs 4.5:1). */
  --_success-text: color-mix(in srgb, var(--gh-success) 70%, #000);
  color: var(--_fg);
}
.root[data-theme='dark'] {
  --_bg: var(--gh-dark-background); --_fg: var(--gh-dark-foreground); --_muted: var(--gh-dark-muted);
  --_border: var(--gh-dark-border); --_surface: var(--gh-dark-surface);
  --_error: var(--gh-dark-error);
  --_success-text: var(--gh-success);
  --_accent-text: var(--gh-dark-accent-text, color-mix(in srgb, var(--gh-accent) 70%, #fff));
}
.backdrop {
  position: fixed; inset: 0; z-index: var(--gh-z-index);
  display: flex; align-items: center; justify-content: center;
  background: rgba(4, 2, 23, 0.45);
}
.dialog {
  box-sizing: border-box; width: 360px; max-height: var(--gh-modal-height); overflow: auto;
  display: flex; flex-direction: column; gap: 12px; padding: 16px 20px 12px;
  background: var(--_bg); color: var(--_fg); border-radius: var(--gh-radius);
  box-shadow: 0 12px 40px rgba(0, 0, 0, 0.2); font-size: 15px; line-height: 1.4;
}
.root.standalone .dialog { box-shadow: none; border: 1px solid var(--_border); }
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
  width: 32px; height: 32px; border: 0; border-radius: 8px; background: transparent; color: var(--_muted);
  font-size: 18px; line-height: 1; cursor: pointer;
}
.icon-button:hover { background: var(--_surface); }
.body { display: flex; flex-direction: column; gap: 12px; align-items: stretch; text-align: center; }
.title { margin: 0; font-size: 18px; font-weight: 600; }
.detail, .note { margin: 0; color: var(--_muted); font-size: 14px; }
.logo { max-height: 56px; max-width: 180px; align-self: center; object-fit: contain; }
.app-name { font-weight: 600; }
form.email { display: flex; gap: 8px; border: 1px solid var(--_border); border-radius: 12px; padding: 4px 4px 4px 12px; }
form.email:focus-within { border-color: var(--gh-accent); }
.email-input { flex: 1; min-width: 0; border: 0; outline: none; background: transparent; color: var(--_fg); font: inherit; }
.primary-button, .secondary-button {
  box-sizing: border-box; border-radius: 10px; padding: 10px 14px; font: inherit; font-weight: 600; cursor: pointer;
  text-decoration: none; text-align: center;
}
.primary-button { border: 0; background: var(--_accent-strong); color: var(--gh-accent-contrast); }
.secondary-button { border: 1px solid var(--_border); background: transparent; color: var(--_fg); }
.primary-button:disabled, .secondary-button:disabled { opacity: 0.5; cursor: not-allowed; }
.mfa-methods button[aria-disabled='true'] { opacity: 0.5; cursor: not-allowed; }
form.email .primary-button { padding: 6px 12px; }
.error-message { margin: 0; color: var(--_error); font-size: 13px; }
.success-message { margin: 0; color: var(--_success-text); font-size: 13px; }
.consent { margin: 0; color: var(--_muted); font-size: 12px; }
a { color: var(--_accent-text); }
.code { display: flex; gap: 8px; justify-content: center; }
.code-digit {
  width: 40px; height: 48px; box-sizing: border-box; text-align: center; font-size: 20px;
  border: 1px solid var(--_border); border-radius: 10px; background: var(--_bg); color: var(--_fg);
}
.code-digit:focus { outline: 2px solid var(--gh-accent); outline-offset: 0; }
.code[data-status='error'] .code-digit { border-color: var(--_error); }
.code[data-status='success'] .code-digit { border-color: var(--gh-success); }
.badge { align-self: center; display: inline-flex; gap: 4px; padding: 4px 10px; border-radius: 999px; background: var(--_surface); font-size: 13px; }
.link-button { border: 0; background: none; color: var(--_accent-text); font: inherit; cursor: pointer; align-self: center; }
.actions { display: flex; flex-direction: column; gap: 8px; }
.country-select { max-width: 92px; border: 0; background: transparent; color: var(--_fg); font: inherit; }
.methods { display: flex; flex-direction: column; gap: 8px; max-height: 400px; overflow: auto; }
.footer { text-align: center; font-size: 12px; color: var(--_muted); padding-top: 4px; }
.spinner {
  width: 32px; height: 32px; align-self: center; border-radius: 50%;
  border: 3px solid var(--_border); border-top-color: var(--gh-accent); animation: spin 0.8s linear infinite;
}
@keyframes spin { to { transform: rotate(360deg); } }
/* Embedded wallet screens */
.text-input {
  flex: 1; min-width: 0; box-sizing: border-box; padding: 10px 12px; border: 1px solid var(--_border); border-radius: 10px;
  background: var(--_bg); color: var(--_fg); font: inherit;
}
.text-input:focus { outline: 2px solid var(--gh-accent); outline-offset: 0; }
.password-field { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; }
.password-field .link-button { font-size: 13px; }
.strength { display: flex; align-items: center; gap: 8px; font-size: 13px; color: var(--_muted); }
.strength-bar { flex: 1; height: 4px; border-radius: 2px; background: var(--_border); position: relative; overflow: hidden; }
.strength-bar::after { content: ''; position: absolute; inset: 0; width: 33%; background: var(--_error); }
.strength[data-strength='Medium'] .strength-bar::after { width: 66%; background: #e5a100; }
.strength[data-strength='Strong'] .strength-bar::after { width: 100%; background: var(--gh-success); }
.checkbox { display: flex; gap: 8px; align-items: flex-start; text-align: left; font-size: 14px; }
.secret { display: block; padding: 8px; border-radius: 8px; background: var(--_surface); word-break: break-all; font-size: 13px; }
.export-frame { display: block; box-sizing: border-box; width: 100%; height: 44px; border: 0; border-radius: 10px; background: transparent; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
`
