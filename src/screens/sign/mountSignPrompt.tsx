/**
 * The React half of `<sign-prompt>`, a chunk of its own: the element fetches it when the first
 * request arrives, so a page's first screen never waits for React (ARCHITECTURE.md 'The landing
 * without React').
 */
import { createRoot } from 'react-dom/client'
import { SignPromptApp, type SignPromptAppProps } from './SignPromptApp.tsx'

export interface SignPromptRoot {
  update(props: SignPromptAppProps): void
  unmount(): void
}

export function mountSignPrompt(container: ShadowRoot, props: SignPromptAppProps): SignPromptRoot {
  const root = createRoot(container)
  const update = (next: SignPromptAppProps) => root.render(<SignPromptApp {...next} />)
  update(props)
  return { update, unmount: () => root.unmount() }
}
