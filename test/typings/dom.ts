// Plain DOM: the tag map and the event map from the package's types alone.
import type { AuthSuccessEventDetail, SignPromptElement } from 'gatehouse'

const modal = document.querySelector('auth-modal')!
modal.setAttribute('app-id', 'x')
modal.theme = 'dark'
modal.addEventListener('auth-success', (event) => {
  const detail: AuthSuccessEventDetail = event.detail
  const address: string | undefined = detail.user.email?.address
  const method: string = event.detail.loginMethod
  // @ts-expect-error the detail has no `token`
  event.detail.token
  return [address, method]
})
modal.addEventListener('sign-success', (event) => {
  // @ts-expect-error a signature is a string
  const wrong: number = event.detail.signature
  return wrong
})
document.addEventListener('tx-success', (event) => String(event.detail.chainId).length)
void modal.signMessage({ message: 'hello' }).then(({ signature }) => signature.startsWith('0x'))
// @ts-expect-error the user is not a string
const user: string = modal.user
// @ts-expect-error signMessage needs a message
void modal.signMessage({})
const prompt: SignPromptElement = document.createElement('sign-prompt')
prompt.headless = true
// @ts-expect-error headless is a boolean
prompt.headless = 'yes'
export { user }
