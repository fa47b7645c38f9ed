import { useStore } from '@nanostores/react'
import { useEffect } from 'react'
import { $config, DEFAULT_LANDING_HEADER, consentLineShown, loginMessageOf } from '../../stores/config.ts'
import { $landing } from '../../stores/landing.ts'
import { pushScreen } from '../../stores/modal.ts'
import { getRecentLoginMethod } from '../../stores/storage.ts'
import { ScreenTitle } from '../../ui/ScreenTitle.tsx'
import { LazyPhoneForm } from '../sms/LazyPhoneForm.tsx'
import { EmailLoginForm } from './EmailLoginForm.tsx'
import { landingLayout } from '../../flows/landingLayout.ts'
import { MethodEntry } from './methodEntries.tsx'

/** Spec §2 consent line; each word links only when the app configured that URL. */
function ConsentLine({ terms, privacy }: { terms?: string | null; privacy?: string | null }) {
  const link = (href: string | null | undefined, text: string) =>
    href ? (
      <a href={href} target="_blank" rel="noopener noreferrer" part="link">
        {text}
      </a>
    ) : (
      text
    )
  return (
    <p className="consent" part="consent">
      By logging in I agree to the {link(terms, 'Terms')} & {link(privacy, 'Privacy Policy')}
    </p>
  )
}

const warned = new Set<string>()

/**
 * Landing: branding, header, login message, then the entries of `landingLayout` — the inline
 * e-mail (or SMS) input, method buttons, and 'More options' / 'Other socials' for the overflow.
 */
export default function LandingScreen() {
  const { app, appId } = useStore($config)
  const { prefill } = useStore($landing)
  const layout = landingLayout({ app, prefill, recentMethod: appId ? getRecentLoginMethod(appId) : null })
  const message = loginMessageOf(app)

  // Configuration mistakes are the developer's to see, once per message.
  useEffect(() => {
    for (const warning of layout.warnings) {
      if (warned.has(warning)) continue
      warned.add(warning)
      console.warn(`[gatehouse] ${warning}`)
    }
  }, [layout.warnings.join('\n')])

  return (
    <div className="body" part="body" data-screen="landing">
      {app?.logo ? <img className="logo" part="logo" src={app.logo} alt={app.name} /> : null}
      {!app?.logo && app?.name ? (
        <div className="app-name" part="app-name">
          {app.name}
        </div>
      ) : null}
      <ScreenTitle>{app?.landingHeader || DEFAULT_LANDING_HEADER}</ScreenTitle>
      {message ? (
        <p className="detail" part="login-message">
          {message}
        </p>
      ) : null}
      {layout.error ? (
        <p className="error-message" part="error-message" role="alert">
          {layout.error}
        </p>
      ) : (
        <div className="methods" part="methods">
          {layout.visible.map((method) =>
            // The inline input; the phone form's module (libphonenumber-js) loads on demand.
            method !== layout.inline ? (
              <MethodEntry key={method} method={method} />
            ) : method === 'email' ? (
              <EmailLoginForm key={method} />
            ) : (
              <LazyPhoneForm key={method} />
            ),
          )}
          {layout.overflow.length > 0 ? (
            <button
              type="button"
              className="secondary-button method-button"
              part="secondary-button more-button"
              onClick={() => pushScreen({ name: 'landing-overflow' })}
            >
              {layout.overflowLabel}
            </button>
          ) : null}
        </div>
      )}
      {consentLineShown(app) ? <ConsentLine terms={app?.legal?.termsAndConditionsUrl} privacy={app?.legal?.privacyPolicyUrl} /> : null}
    </div>
  )
}
