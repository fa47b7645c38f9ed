import { fundButtonFill, hostDefaults, space } from '../../src/ui/theme.ts'

/** `<fund-button>`'s shadow-root stylesheet: the theme's defaults for this tag and its one button. */
export const styles = /* css */ `
${hostDefaults('fund-button')}
:host { display: inline-block; }
:host([hidden]) { display: none; }
button {
  font: inherit; font-weight: 600; cursor: pointer; border: 0; border-radius: var(--gh-radius-lg);
  padding: ${space(2.5)} ${space(4.5)}; background: ${fundButtonFill}; color: var(--gh-accent-contrast);
}
button:disabled { opacity: 0.6; cursor: default; }
`
