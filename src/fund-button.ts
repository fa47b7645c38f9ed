/**
 * The `<fund-button>` entry (`dist/fund-button.js`): the tag alone, rendered with lit-html, so a
 * page showing only the button paints it without React. The funding flow runs in `<auth-modal>`
 * (`dist/elements.js`), which the page loads too; its code loads on the first click.
 */
export { FundButtonElement } from '../elements/fund-button/fund-button.ts'
