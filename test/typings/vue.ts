// Vue: GlobalComponents types the tags' props and events in templates (Volar).
import type { AuthModalEventMap } from 'gatehouse'
import type {} from 'gatehouse/vue'
import type { GlobalComponents } from 'vue'

type ModalProps = InstanceType<GlobalComponents['auth-modal']>['$props']
export const ok: ModalProps = { 'app-id': 'cm1234567890123456789abcd', theme: 'light', standalone: true }
// @ts-expect-error theme is 'light' or 'dark'
export const badTheme: ModalProps = { theme: 'blue' }
// @ts-expect-error `open` is also a method: Vue would overwrite it with the prop
export const badOpen: ModalProps = { open: true }
// @ts-expect-error standalone is a boolean
export const badFlag: ModalProps = { standalone: 'yes' }

type Emit = InstanceType<GlobalComponents['auth-modal']>['$emit']
export const relay = (emit: Emit, event: AuthModalEventMap['auth-success'], error: AuthModalEventMap['auth-error']) => {
  emit('auth-success', event)
  // @ts-expect-error auth-success carries an AuthSuccessEvent, not an AuthErrorEvent
  emit('auth-success', error)
}
type PromptProps = InstanceType<GlobalComponents['sign-prompt']>['$props']
export const prompt: PromptProps = { 'prompt-title': 'Sign', cancellable: true }
// @ts-expect-error headless is a boolean
export const badPrompt: PromptProps = { headless: 1 }
