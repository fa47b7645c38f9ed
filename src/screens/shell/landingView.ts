/**
 * The landing screen as a lit-html template: what `<auth-modal>` paints before React is on the
 * page (ARCHITECTURE.md 'The landing without React'). Its entries come from the one layout
 * function (src/flows/landingLayout.ts), its e-mail form follows ../login/emailForm.ts, its method
 * buttons ../login/methodCooldown.ts; the DOM is the one the React screens used to render.
 */
import { html, nothing, type TemplateResult } from 'lit-html'
import { live } from 'lit-html/directives/live.js'
import { methodLabel } from '../../flows/methodLabels.ts'
import type { LandingLayout } from '../../flows/landingLayout.ts'
import type { AppConfig } from '../../api/types.ts'
import { DEFAULT_LANDING_HEADER, consentLineShown, loginMessageOf } from '../../stores/config.ts'
import type { EmailFormView } from '../login/emailForm.ts'
import { coolingLeft } from '../login/methodCooldown.ts'
import { icon, title } from './parts.ts'

export interface LandingViewInput {
  app: AppConfig | null
  layout: LandingLayout
  email: string
  form: EmailFormView
  onEmailInput: (value: string) => void
  onEmailSubmit: (event: Event) => void
  onMethod: (method: string) => void
  onMore: () => void
}

/** Spec §2 consent line; each word links only when the app configured that URL. */
function consentLine(terms?: string | null, privacy?: string | null): TemplateResult {
  const link = (href: string | null | undefined, text: string) =>
    href ? html`<a href=${href} target="_blank" rel="noopener noreferrer" part="link">${text}</a>` : text
  return html`<p class="consent" part="consent">By logging in I agree to the ${link(terms, 'Terms')} & ${link(privacy, 'Privacy Policy')}</p>`
}

function methodEntry(method: string, onMethod: (method: string) => void): TemplateResult {
  // prettier-ignore
  return html`<button type="button" class="secondary-button method-button" part="secondary-button method-button" data-method=${method}
    ?disabled=${coolingLeft(method) > 0} @click=${() => onMethod(method)}>${icon(method)}<span class="method-label">${methodLabel(method)}</span></button>`
}

function emailForm(input: LandingViewInput): TemplateResult {
  const { form } = input
  const onInput = (event: Event) => input.onEmailInput((event.target as HTMLInputElement).value)
  // prettier-ignore
  return html`<form class="email" part="email-form" novalidate @submit=${input.onEmailSubmit}>${icon('email')}<label class="visually-hidden" for="gh-email">Email address</label><input
        id="gh-email" class="email-input" part="input email-input" type="email" name="email" autocomplete="email" placeholder="your@email.com"
        .value=${live(input.email)} aria-invalid=${form.inlineError ? 'true' : nothing} aria-describedby=${form.describedBy ?? nothing} @input=${onInput}
      /><button type="submit" class="primary-button" part="primary-button" ?disabled=${form.busy || form.problem !== null}
        aria-busy=${form.busy ? 'true' : nothing} aria-describedby=${form.describedBy ?? nothing}>Submit</button></form>${
      form.inlineError
        ? html`<p id="gh-email-error" class="error-message" part="error-message" role="alert">${form.inlineError}</p>`
        : form.hint
          ? html`<p id="gh-email-hint" class="note">${form.hint}</p>`
          : nothing}`
}

/** The phone input's place before its module (libphonenumber-js) is in: the same shell React's LazyPhoneForm shows. */
// prettier-ignore
const phoneShell = (): TemplateResult =>
  html`<form class="email phone" part="phone-form" aria-busy="true">
    <input class="email-input" type="tel" placeholder="Phone number" aria-label="Phone number" disabled />
    <button type="submit" class="primary-button" disabled>Submit</button>
  </form>`

/** Branding, header, login message, the entries of the layout, the consent line. */
export function landingView(input: LandingViewInput): TemplateResult {
  const { app, layout } = input
  const message = loginMessageOf(app)
  const entries = layout.visible.map((method) =>
    method !== layout.inline ? methodEntry(method, input.onMethod) : method === 'email' ? emailForm(input) : phoneShell(),
  )
  // prettier-ignore
  const more = layout.overflow.length > 0
    ? html`<button type="button" class="secondary-button method-button" part="secondary-button more-button" @click=${input.onMore}>${layout.overflowLabel}</button>`
    : nothing
  return html`<div class="body" part="body" data-screen="landing">
    ${app?.logo ? html`<img class="logo" part="logo" src=${app.logo} alt=${app.name ?? ''} />` : nothing}
    ${!app?.logo && app?.name ? html`<div class="app-name" part="app-name">${app.name}</div>` : nothing} ${title(app?.landingHeader || DEFAULT_LANDING_HEADER)}
    ${message ? html`<p class="detail" part="login-message">${message}</p>` : nothing}
    ${
      layout.error
        ? html`<p class="error-message" part="error-message" role="alert">${layout.error}</p>`
        : html`<div class="methods" part="methods">${entries}${more}</div>`
    }
    ${consentLineShown(app) ? consentLine(app?.legal?.termsAndConditionsUrl, app?.legal?.privacyPolicyUrl) : nothing}
  </div>`
}
