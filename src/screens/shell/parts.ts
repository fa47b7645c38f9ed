/**
 * lit-html pieces of the shell and the landing, each the same DOM as its React twin in src/ui/
 * (Svg and Icon in Icon.tsx, Header in Header.tsx, Spinner, ScreenTitle, ErrorView).
 */
import { html, nothing, type TemplateResult } from 'lit-html'
import { TITLE_ID } from '../../ui/focus.ts'
import { loadedIcons } from '../../ui/icons/load.ts'
import { GLYPHS, type IconShape } from '../../ui/icons/shapes.ts'

export function svg(shape: IconShape, size = 20): TemplateResult {
  const stroke = shape.stroke
  // prettier-ignore
  return html`<svg viewBox="0 0 24 24" width=${size} height=${size} aria-hidden="true" focusable="false" fill=${stroke ? 'none' : 'currentColor'} stroke=${stroke ? 'currentColor' : nothing} stroke-width=${stroke ? 2 : nothing} stroke-linecap="round" stroke-linejoin="round"><path d=${shape.d}></path></svg>`
}

/** A method's mark in its reserved 20 px box; empty until the marks' chunk is in (the element loads it). */
export function icon(name: string): TemplateResult {
  const shape = loadedIcons()?.[name]
  // prettier-ignore
  return html`<span class="icon" aria-hidden="true" data-icon=${name} data-loaded=${shape ? '' : nothing}>${shape ? svg(shape) : nothing}</span>`
}

export const title = (text: string): TemplateResult => html`<h2 id=${TITLE_ID} part="title" class="title">${text}</h2>`

export interface HeaderHandlers {
  onBack?: () => void
  onClose?: () => void
  onInfo?: () => void
}

export function header({ onBack, onClose, onInfo }: HeaderHandlers): TemplateResult {
  // prettier-ignore
  return html`<div class="header" part="header"><button type="button" class="icon-button" part="back-button" aria-label="Back" ?hidden=${!onBack} @click=${() => onBack?.()}>${svg(GLYPHS.back)}</button><span><button type="button" class="icon-button" part="info-button" aria-label="Help" ?hidden=${!onInfo} @click=${() => onInfo?.()}>${svg(GLYPHS.help)}</button><button type="button" class="icon-button" part="close-button" aria-label="Close" ?hidden=${!onClose} @click=${() => onClose?.()}>${svg(GLYPHS.close)}</button></span></div>`
}

/** The footer's logo (spec part 1 §2 'A footer shows a logo'): the gate mark and the name, one image named 'Gatehouse'. */
// prettier-ignore
export const footer = (): TemplateResult =>
  html`<div class="footer" part="footer"><span>Protected by</span><svg class="footer-logo" part="footer-logo" role="img" aria-label="Gatehouse" viewBox="0 0 86 16" height="14" width="75"><path d="M1 7 8 1l7 6v8H10v-5H6v5H1z" fill="currentColor"></path><text x="19" y="12.5" font-size="12" font-weight="600" fill="currentColor" aria-hidden="true">Gatehouse</text></svg></div>`

/** The configuration and session are settling, or a screen's code is on its way. */
export const loadingBody = (): TemplateResult =>
  html`<div class="body" part="body" data-screen="loading">
    <h2 id=${TITLE_ID} class="visually-hidden">Loading</h2>
    <div class="spinner" part="spinner" role="progressbar" aria-label="Loading"></div>
  </div>`

export function errorBody({ title: heading, detail, cta }: { title: string; detail: string; cta: string }, onCta: () => void): TemplateResult {
  return html`<div class="body" part="body" data-screen="error">
    ${title(heading)} ${detail ? html`<p class="detail" role="alert">${detail}</p>` : nothing}
    <button type="button" part="primary-button" class="primary-button" @click=${onCta}>${cta}</button>
  </div>`
}
