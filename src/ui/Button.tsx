import type { ButtonHTMLAttributes } from 'react'
import { GLYPHS } from './icons/shapes.ts'
import { Svg } from './Icon.tsx'

type Props = ButtonHTMLAttributes<HTMLButtonElement>

/**
 * The main call to action. `success` shows the done state: a check mark on the success colour,
 * still not clickable, but not the pale look of a disabled button (which reads as "broken").
 */
export function PrimaryButton({ success, children, ...props }: Props & { success?: boolean }) {
  return (
    <button
      type="button"
      part="primary-button"
      className="primary-button"
      data-state={success ? 'success' : undefined}
      {...props}
      disabled={success || props.disabled}
    >
      {success ? <Svg shape={GLYPHS.check} size={18} /> : null}
      {children}
    </button>
  )
}

export function SecondaryButton(props: Props) {
  return <button type="button" part="secondary-button" className="secondary-button" {...props} />
}

/** A link styled as a button; external links always open in a new tab. */
export function LinkButton({ href, children, primary }: { href: string; children: string; primary?: boolean }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      part={primary ? 'primary-button' : 'secondary-button'}
      className={primary ? 'primary-button' : 'secondary-button'}
    >
      {children}
    </a>
  )
}
