// React 19: the tags in JSX, attributes as props, events as `on…` props or through a ref.
import type { AuthModalEventMap } from 'gatehouse'
import type {} from 'gatehouse/react'
import { useEffect, useRef } from 'react'

export function Login() {
  const ref = useRef<HTMLElementTagNameMap['auth-modal']>(null)
  useEffect(() => {
    const modal = ref.current!
    const onSuccess = (event: AuthModalEventMap['auth-success']) => console.log(event.detail.user.id)
    modal.addEventListener('auth-success', onSuccess)
    modal.addEventListener('auth-error', (event) => {
      // @ts-expect-error the error code is a string
      const code: number = event.detail.code
      return code
    })
    return () => modal.removeEventListener('auth-success', onSuccess)
  }, [])
  return (
    <>
      <auth-modal ref={ref} app-id="cm1234567890123456789abcd" api-url="https://api.example.com" theme="dark" accent-color="#676FFF" standalone />
      <sign-prompt prompt-title="Sign" cancellable headless={false} className="prompt" />
    </>
  )
}

// React 19 adds an `on` + event name prop of a custom element as a listener: the detail is typed.
export const onEvent = <auth-modal onauth-success={(event) => console.log(event.detail.user.id, event.detail.isNewUser)} onlogout={(event) => event.type} />
// @ts-expect-error isNewUser is a boolean
export const badEventDetail = <auth-modal onauth-success={(event) => event.detail.isNewUser.toFixed()} />
// @ts-expect-error the signature is a string
export const badPromptEvent = <sign-prompt onsign-success={(event) => event.detail.signature.toFixed()} />
// @ts-expect-error theme is 'light' or 'dark'
export const badTheme = <auth-modal theme="blue" />
// @ts-expect-error standalone is a boolean
export const badFlag = <auth-modal standalone="yes" />
// @ts-expect-error headless is a boolean
export const badPrompt = <sign-prompt headless={1} />
// @ts-expect-error `open` is also a method: React would overwrite it with the prop
export const badOpen = <auth-modal open />
// @ts-expect-error the ref is the element's own type
export const badRef = <sign-prompt ref={useRef<HTMLElementTagNameMap['auth-modal']>(null)} />
