import type { ButtonHTMLAttributes } from 'react'

type Props = ButtonHTMLAttributes<HTMLButtonElement>

export function PrimaryButton(props: Props) {
  return <button type="button" part="primary-button" className="primary-button" {...props} />
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
