// Svelte 5: SvelteHTMLElements types the tags' attributes and event attributes in markup.
import type {} from 'gatehouse/svelte'
import type { SvelteHTMLElements } from 'svelte/elements'

type Modal = SvelteHTMLElements['auth-modal']
export const ok: Modal = {
  'app-id': 'cm1234567890123456789abcd',
  theme: 'dark',
  'onauth-success': (event) => console.log(event.detail.user.id, event.detail.isNewUser),
  'onsign-success': (event) => event.detail.signature.length,
}
// @ts-expect-error `open` is also a method: Svelte would overwrite it with the prop
export const badOpen: Modal = { open: true }
// @ts-expect-error theme is 'light' or 'dark'
export const badTheme: Modal = { theme: 'blue' }
export const badDetail: Modal = {
  // @ts-expect-error isNewUser is a boolean
  'onauth-success': (event) => event.detail.isNewUser.toFixed(),
}
type Prompt = SvelteHTMLElements['sign-prompt']
// @ts-expect-error cancellable is a boolean
export const badPrompt: Prompt = { cancellable: 'no' }
