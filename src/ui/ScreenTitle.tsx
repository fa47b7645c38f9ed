import { TITLE_ID } from './focus.ts'

export { TITLE_ID }

export function ScreenTitle({ children }: { children: string }) {
  return (
    <h2 id={TITLE_ID} part="title" className="title">
      {children}
    </h2>
  )
}
