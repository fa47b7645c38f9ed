import type { SignUiOptions } from '../../src/stores/signRequest.ts'

/** The uiOptions a `<sign-prompt>`'s attributes give (the call's own uiOptions win over them). */
export function promptDefaults(element: HTMLElement): SignUiOptions {
  const text = (name: string) => element.getAttribute(name) ?? undefined
  return {
    title: text('prompt-title'),
    description: text('description'),
    buttonText: text('button-text'),
    iconUrl: text('icon-url'),
    isCancellable: element.hasAttribute('cancellable'),
  }
}

/** What a call on `element` passes the signing action: its texts and whether the prompt shows. */
export function callOptions(element: HTMLElement, uiOptions?: SignUiOptions) {
  return { uiOptions: { ...promptDefaults(element), ...uiOptions }, showWalletUIs: !element.hasAttribute('headless') }
}

export type CallOptions = ReturnType<typeof callOptions>
