import { lazy, Suspense } from 'react'

const PhoneForm = lazy(() => import('./PhoneForm.tsx'))

/**
 * The phone form, fetched on first render. Until it arrives a light shell of the same size shows,
 * so the landing chunk never carries libphonenumber-js.
 */
export function LazyPhoneForm() {
  return (
    <Suspense
      fallback={
        <form className="email phone" part="phone-form" aria-busy="true">
          <input className="email-input" type="tel" placeholder="Phone number" aria-label="Phone number" disabled />
          <button type="submit" className="primary-button" disabled>
            Submit
          </button>
        </form>
      }
    >
      <PhoneForm />
    </Suspense>
  )
}
