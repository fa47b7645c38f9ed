/**
 * The theming contract of the three tags, in one place: every `--gh-*` custom property (its
 * default, which theme uses it, what it styles: THEME_PROPERTY_DESCRIPTIONS), every `part`, and the only CSS in the package
 * allowed to hold literal colours, radii, fonts and spacing (`hostDefaults`, `paletteRules`).
 * Every other stylesheet reads these properties. `custom-elements-manifest.config.mjs` turns the
 * lists into the manifest's `cssProperties` / `cssParts`; test/theme.test.ts checks the README
 * table, the manifest and the stylesheets against them. No imports: the manifest config loads this
 * file as plain JavaScript.
 */
export type ThemedTag = 'auth-modal' | 'sign-prompt' | 'fund-button'

export interface ThemeProperty {
  name: `--gh-${string}`
  /** The default value, declared on `:host` (or, for `derived`, the fallback the palette computes). */
  value: string
  /** The theme that reads it: `light`-only and `dark`-only pairs, or `both`. */
  theme: 'light' | 'dark' | 'both'
  /** Computed from another property unless the host sets it: not declared on `:host`. */
  derived?: boolean
  /** Tags beyond `<auth-modal>` and `<sign-prompt>` (which read every property) that read it. */
  fundButton?: boolean
}

export interface ThemePart {
  name: string
  description: string
  tags: ThemedTag[]
}

// The fallbacks of the two `derived` properties, named so that the palette below reads them without
// a lookup in the table: a bundle that uses none of this file's CSS then drops the table.
const ACCENT_STRONG = 'color-mix(in srgb, var(--gh-accent) 85%, #000)'
const DARK_ACCENT_TEXT = 'color-mix(in srgb, var(--gh-accent) 70%, #fff)'

const DIALOG: ThemedTag[] = ['auth-modal', 'sign-prompt']
const MODAL: ThemedTag[] = ['auth-modal']

export const THEME_PROPERTIES: ThemeProperty[] = [
  {
    name: '--gh-accent',
    value: '#676FFF',
    theme: 'both',
    fundButton: true,
  },
  {
    name: '--gh-accent-strong',
    value: ACCENT_STRONG,
    theme: 'both',
    derived: true,
    fundButton: true,
  },
  {
    name: '--gh-dark-accent-text',
    value: DARK_ACCENT_TEXT,
    theme: 'dark',
    derived: true,
  },
  { name: '--gh-accent-contrast', value: '#ffffff', theme: 'both', fundButton: true },
  { name: '--gh-background', value: '#ffffff', theme: 'light' },
  { name: '--gh-dark-background', value: '#1e1e23', theme: 'dark' },
  { name: '--gh-foreground', value: '#040217', theme: 'light' },
  { name: '--gh-dark-foreground', value: '#f8f8fc', theme: 'dark' },
  { name: '--gh-muted', value: '#64668b', theme: 'light' },
  { name: '--gh-dark-muted', value: '#a0a0b4', theme: 'dark' },
  { name: '--gh-border', value: '#e2e3f0', theme: 'light' },
  { name: '--gh-dark-border', value: '#3a3a46', theme: 'dark' },
  { name: '--gh-surface', value: '#f1f2f9', theme: 'light' },
  { name: '--gh-dark-surface', value: '#2a2a33', theme: 'dark' },
  { name: '--gh-error', value: '#cc2a35', theme: 'light' },
  { name: '--gh-dark-error', value: '#ff7a82', theme: 'dark' },
  { name: '--gh-error-background', value: '#fdecec', theme: 'both' },
  { name: '--gh-success', value: '#12a150', theme: 'both' },
  { name: '--gh-warning', value: '#e5a100', theme: 'both' },
  { name: '--gh-warning-background', value: '#fff4e5', theme: 'both' },
  { name: '--gh-warning-foreground', value: '#8a4b00', theme: 'both' },
  { name: '--gh-backdrop', value: 'rgba(4, 2, 23, 0.45)', theme: 'both' },
  { name: '--gh-shadow', value: '0 12px 40px rgba(0, 0, 0, 0.2)', theme: 'both' },
  {
    name: '--gh-font-family',
    value: "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
    theme: 'both',
  },
  { name: '--gh-font-size', value: '15px', theme: 'both' },
  { name: '--gh-font-size-xs', value: '12px', theme: 'both' },
  { name: '--gh-font-size-sm', value: '13px', theme: 'both' },
  { name: '--gh-font-size-md', value: '14px', theme: 'both' },
  { name: '--gh-font-size-lg', value: '18px', theme: 'both' },
  { name: '--gh-font-size-xl', value: '20px', theme: 'both' },
  { name: '--gh-radius', value: '16px', theme: 'both' },
  { name: '--gh-radius-lg', value: '12px', theme: 'both', fundButton: true },
  { name: '--gh-radius-md', value: '10px', theme: 'both' },
  { name: '--gh-radius-sm', value: '8px', theme: 'both' },
  { name: '--gh-radius-pill', value: '999px', theme: 'both' },
  { name: '--gh-spacing', value: '4px', theme: 'both', fundButton: true },
  { name: '--gh-z-index', value: '999999', theme: 'both' },
  { name: '--gh-modal-height', value: '620px', theme: 'both' },
  { name: '--gh-modal-compact-height', value: '480px', theme: 'both' },
]

/**
 * What each property styles, for the manifest's `cssProperties` (custom-elements-manifest.config.mjs)
 * and the README table only: kept apart from THEME_PROPERTIES so the tags' bundle, which reads the
 * defaults, does not carry these texts.
 */
export const THEME_PROPERTY_DESCRIPTIONS: Record<ThemeProperty['name'], string> = {
  '--gh-accent': 'Accent: outlines, focus rings, borders on hover, the spinner; source of the two below',
  '--gh-accent-strong': 'Button fills and light-theme accent text (the accent 15% darker: AA contrast with white)',
  '--gh-dark-accent-text': 'Accent text (links) on the dark theme (the accent 30% lighter)',
  '--gh-accent-contrast': 'Text on accent fills',
  '--gh-background': 'Dialog and input background',
  '--gh-dark-background': 'Dialog and input background',
  '--gh-foreground': 'Text',
  '--gh-dark-foreground': 'Text',
  '--gh-muted': 'Secondary text, icon buttons',
  '--gh-dark-muted': 'Secondary text, icon buttons',
  '--gh-border': 'Borders of inputs, rows and secondary buttons',
  '--gh-dark-border': 'Borders of inputs, rows and secondary buttons',
  '--gh-surface': 'Badges, icon tiles, hover fills, secret boxes',
  '--gh-dark-surface': 'Badges, icon tiles, hover fills, secret boxes',
  '--gh-error': 'Error text and borders (also the text of the malicious-transaction box)',
  '--gh-dark-error': 'Error text and borders',
  '--gh-error-background': 'Malicious-transaction warning box',
  '--gh-success': 'Success text, accepted code boxes, strong password bar',
  '--gh-warning': 'Medium password strength bar',
  '--gh-warning-background': 'Transaction warning box',
  '--gh-warning-foreground': 'Transaction warning text',
  '--gh-backdrop': 'Overlay behind the dialog',
  '--gh-shadow': 'Dialog shadow (none in standalone mode)',
  '--gh-font-family': 'Font stack (`<fund-button>` inherits the page font)',
  '--gh-font-size': 'Body text',
  '--gh-font-size-xs': 'Footer, consent line, wallet tags',
  '--gh-font-size-sm': 'Errors, badges, notes, transaction details',
  '--gh-font-size-md': 'Detail lines, transaction rows, checkboxes',
  '--gh-font-size-lg': 'Screen titles, header icons',
  '--gh-font-size-xl': 'Code digits',
  '--gh-radius': 'Dialog corners',
  '--gh-radius-lg': 'E-mail form, wallet rows, the `<fund-button>` button',
  '--gh-radius-md': 'Buttons, inputs, code digits, cards',
  '--gh-radius-sm': 'Icon buttons, wallet icons, warning and secret boxes',
  '--gh-radius-pill': 'Badges, wallet tags, the password strength bar',
  '--gh-spacing': 'Spacing unit: every padding, margin and gap is a multiple of it',
  '--gh-z-index': 'Stacking order of the overlay',
  '--gh-modal-height': 'Dialog height limit (full)',
  '--gh-modal-compact-height': 'Dialog height limit on viewports shorter than 660 px (compact)',
}

export const THEME_PARTS: ThemePart[] = [
  { name: 'root', tags: DIALOG, description: 'Wrapper carrying `data-theme` (light or dark)' },
  { name: 'backdrop', tags: DIALOG, description: 'Full-screen overlay behind the dialog (absent in standalone mode)' },
  { name: 'dialog', tags: DIALOG, description: 'The dialog box (role=dialog)' },
  { name: 'header', tags: MODAL, description: 'Header row with back, info and close buttons' },
  { name: 'back-button', tags: MODAL, description: 'Back to the previous screen' },
  { name: 'info-button', tags: MODAL, description: 'Shows help for the current screen' },
  { name: 'close-button', tags: ['auth-modal', 'sign-prompt'], description: 'Closes the modal or the sheet' },
  { name: 'info', tags: MODAL, description: "The current screen's help note" },
  { name: 'body', tags: DIALOG, description: 'The current screen' },
  { name: 'title', tags: DIALOG, description: "The current screen's title" },
  { name: 'icon', tags: DIALOG, description: 'Icon above a title' },
  { name: 'footer', tags: MODAL, description: "'Protected by' and the logo" },
  { name: 'footer-logo', tags: MODAL, description: "The footer's logo (an image named 'Gatehouse')" },
  { name: 'primary-button', tags: ['auth-modal', 'sign-prompt', 'fund-button'], description: 'Main call to action (also on `<fund-button>`)' },
  { name: 'secondary-button', tags: DIALOG, description: 'Secondary action, login method buttons' },
  { name: 'input', tags: MODAL, description: 'Every text input (e-mail, phone, code digit, password, amount, wallet search)' },
  { name: 'error-message', tags: DIALOG, description: 'Inline error banner of a form or screen' },
  { name: 'error', tags: MODAL, description: 'Failure text of a provider status screen (OAuth, passkey, Telegram, captcha)' },
  { name: 'success-message', tags: MODAL, description: 'Confirmation text' },
  { name: 'spinner', tags: DIALOG, description: 'Loading spinner' },
  { name: 'logo', tags: MODAL, description: "The app's logo" },
  { name: 'app-name', tags: MODAL, description: "The app's name on the landing screen" },
  { name: 'login-message', tags: MODAL, description: 'The landing screen’s login message' },
  { name: 'methods', tags: MODAL, description: 'The list of login methods' },
  { name: 'method-button', tags: MODAL, description: 'One login method' },
  { name: 'more-button', tags: MODAL, description: "'More options'" },
  { name: 'consent', tags: MODAL, description: 'Terms and privacy line' },
  { name: 'link', tags: MODAL, description: 'A text link (terms, privacy, account transfer)' },
  { name: 'email-form', tags: MODAL, description: 'Landing e-mail form' },
  { name: 'email-input', tags: MODAL, description: 'Landing e-mail input' },
  { name: 'phone-form', tags: MODAL, description: 'Phone number form' },
  { name: 'phone-input', tags: MODAL, description: 'Phone number input' },
  { name: 'country-select', tags: MODAL, description: 'Country code picker' },
  { name: 'channel-choice', tags: MODAL, description: 'SMS / WhatsApp choice' },
  { name: 'code-input', tags: MODAL, description: 'The six-digit code group' },
  { name: 'code-digit', tags: MODAL, description: 'One code box' },
  { name: 'resend-button', tags: MODAL, description: "'Resend code'" },
  { name: 'badge', tags: MODAL, description: "'Code sent' countdown" },
  { name: 'wallet-search', tags: MODAL, description: "'Search wallets' field of the wallet list" },
  { name: 'wallet-list', tags: MODAL, description: 'The wallet list' },
  { name: 'wallet-row', tags: MODAL, description: 'One wallet of the list (the wallet list item)' },
  { name: 'wallet-icon', tags: MODAL, description: "A wallet's icon" },
  { name: 'walletconnect-qr', tags: MODAL, description: 'The WalletConnect QR code' },
  { name: 'farcaster-qr', tags: MODAL, description: 'The Farcaster QR code (its `data-connect-uri` is the URI it encodes)' },
  { name: 'qr', tags: MODAL, description: 'The authenticator-app QR code' },
  { name: 'mfa-methods', tags: MODAL, description: 'MFA methods to enrol' },
  { name: 'mfa-preview', tags: MODAL, description: 'What the MFA code authorises (message or transaction)' },
  { name: 'passkey-list', tags: MODAL, description: 'Enrolled passkeys' },
  { name: 'password-input', tags: MODAL, description: 'Recovery password input' },
  { name: 'password-preview', tags: MODAL, description: 'Generated password shown once' },
  { name: 'strength-meter', tags: MODAL, description: 'Password strength bar' },
  { name: 'export-frame', tags: MODAL, description: "The export page's 44 px frame" },
  { name: 'amount-input', tags: MODAL, description: 'Funding amount' },
  { name: 'funding-qr', tags: MODAL, description: 'Receive-funds QR code' },
  { name: 'bridge-option', tags: MODAL, description: 'One bridge route' },
  { name: 'transfer-wallets', tags: MODAL, description: "Account transfer: the other account's wallets and balances" },
  { name: 'export-first', tags: MODAL, description: 'Account transfer: how to export those wallets first' },
  { name: 'confirm-check', tags: MODAL, description: 'Account transfer: the confirmation that those wallets are deleted' },
  { name: 'message', tags: ['sign-prompt'], description: 'The message text or raw value' },
  { name: 'typed-data', tags: ['sign-prompt'], description: 'The typed-data structure' },
  { name: 'scan-warning', tags: ['sign-prompt'], description: 'Transaction scan warning (suspicious or malicious)' },
  { name: 'scan-details', tags: ['sign-prompt'], description: "The transaction scan's details: result, description, reason, each asset in and out, exposures" },
  { name: 'transaction-summary', tags: ['sign-prompt'], description: "The confirmation screen's rows (amount, spender, to, swap, network, fee)" },
  { name: 'allowance-warning', tags: ['sign-prompt'], description: 'The plain warning that a token approval has no limit' },
  { name: 'transaction-details', tags: ['sign-prompt'], description: "The 'Details' accordion" },
  { name: 'balance-card', tags: ['auth-modal', 'sign-prompt'], description: 'The wallet balance card' },
  { name: 'transaction-hash', tags: ['sign-prompt'], description: 'The hash on the error screen' },
  {
    name: 'chain-icon',
    tags: ['auth-modal', 'sign-prompt'],
    description: "The chain's mark beside its name: the Network row, and 'Receive funds' beside the network to send on",
  },
  { name: 'transaction-instructions', tags: ['sign-prompt'], description: "The Solana screen's 'Advanced' instruction list" },
  { name: 'button', tags: ['fund-button'], description: 'The `<fund-button>` button' },
]

/** The properties a tag reads. */
export function tagProperties(tag: ThemedTag): ThemeProperty[] {
  return THEME_PROPERTIES.filter((p) => tag !== 'fund-button' || p.fundButton)
}

/** `:host { --gh-…: default; … }` for one tag: the only place the defaults are written. */
export function hostDefaults(tag: ThemedTag): string {
  const declared = tagProperties(tag).filter((p) => !p.derived)
  return `:host { ${declared.map((p) => `${p.name}: ${p.value};`).join(' ')} }\n`
}

/**
 * The palette the stylesheets read (`--_bg`, `--_fg`, …): light on `.root`, dark under
 * `[data-theme=dark]`, so a host can override either palette. Accent-coloured text and fills use
 * the darkened / lightened accent so they keep 4.5:1 (WCAG AA) with the default #676FFF.
 */
export const paletteRules = /* css */ `
.root {
  --_bg: var(--gh-background); --_fg: var(--gh-foreground); --_muted: var(--gh-muted);
  --_border: var(--gh-border); --_surface: var(--gh-surface);
  --_accent-strong: var(--gh-accent-strong, ${ACCENT_STRONG});
  --_accent-text: var(--_accent-strong);
  --_error: var(--gh-error);
  /* Success text darkened on the light background (#12a150 alone is 3.4:1 on white; AA needs 4.5:1). */
  --_success-text: color-mix(in srgb, var(--gh-success) 70%, #000);
  /* A control's states, derived so they follow any accent and both themes: the fill 12 % / 24 %
     darker when hovered / pressed (white text keeps AA), a tint of the text colour on the
     background for outlined buttons, and the done state's fill (white on it keeps AA). */
  --_accent-hover: color-mix(in srgb, var(--_accent-strong) 88%, #000);
  --_accent-pressed: color-mix(in srgb, var(--_accent-strong) 76%, #000);
  --_hover-fill: color-mix(in srgb, var(--_fg) 6%, var(--_bg));
  --_pressed-fill: color-mix(in srgb, var(--_fg) 12%, var(--_bg));
  --_success-fill: color-mix(in srgb, var(--gh-success) 70%, #000);
  color: var(--_fg);
}
.root[data-theme='dark'] {
  --_bg: var(--gh-dark-background); --_fg: var(--gh-dark-foreground); --_muted: var(--gh-dark-muted);
  --_border: var(--gh-dark-border); --_surface: var(--gh-dark-surface);
  --_error: var(--gh-dark-error);
  --_success-text: var(--gh-success);
  --_accent-text: var(--gh-dark-accent-text, ${DARK_ACCENT_TEXT});
}
`

/** `<fund-button>`'s fill, which has no palette: the darkened accent, like the modal's buttons. */
export const fundButtonFill = `var(--gh-accent-strong, ${ACCENT_STRONG})`

/** A spacing of `n` units (`--gh-spacing`, 4 px by default). */
export const space = (n: number): string => `calc(var(--gh-spacing) * ${n})`

/** An accent colour from an attribute or the app configuration, if CSS reads it as a colour. */
export function safeColor(value: string | null | undefined): string | undefined {
  if (!value) return undefined
  return typeof CSS !== 'undefined' && CSS.supports('color', value) ? value : undefined
}
