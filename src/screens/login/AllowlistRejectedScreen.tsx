import { useStore } from '@nanostores/react'
import { $config } from '../../stores/config.ts'
import { resetScreens } from '../../stores/modal.ts'
import { LinkButton, PrimaryButton } from '../../ui/Button.tsx'
import { ScreenTitle } from '../../ui/ScreenTitle.tsx'

export const ALLOWLIST_DEFAULTS = {
  title: "You don't have access to this app",
  detail: 'Have you been invited?',
  cta: 'Try another account',
} as const

/** The address is not on the app's allowlist. Texts and link are host-configurable. */
export default function AllowlistRejectedScreen() {
  const { app } = useStore($config)
  const custom = app?.allowlistConfig
  const cta = custom?.errorCtaText || ALLOWLIST_DEFAULTS.cta
  return (
    <div className="body" part="body" data-screen="allowlist-rejected">
      <ScreenTitle>{custom?.errorTitle || ALLOWLIST_DEFAULTS.title}</ScreenTitle>
      <p className="detail">{custom?.errorDetail || ALLOWLIST_DEFAULTS.detail}</p>
      {custom?.errorCtaLink ? (
        <LinkButton href={custom.errorCtaLink} primary>
          {cta}
        </LinkButton>
      ) : (
        <PrimaryButton onClick={() => resetScreens()}>{cta}</PrimaryButton>
      )}
    </div>
  )
}
