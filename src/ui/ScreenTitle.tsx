/** The dialog is labelled by the current screen's title (aria-labelledby). */
export const TITLE_ID = 'gh-screen-title'

export function ScreenTitle({ children }: { children: string }) {
  return (
    <h2 id={TITLE_ID} part="title" className="title">
      {children}
    </h2>
  )
}
