import { useStore } from '@nanostores/react'
import { $config } from '../../stores/config.ts'
import { $landing } from '../../stores/landing.ts'
import { getRecentLoginMethod } from '../../stores/storage.ts'
import { ScreenTitle } from '../../ui/ScreenTitle.tsx'
import { landingLayout } from '../../flows/landingLayout.ts'
import { MethodEntry } from './methodEntries.tsx'

/** The overflow view ('More options' / 'Other socials'): every entry the landing screen left out. */
export default function LandingOverflowScreen() {
  const { app, appId } = useStore($config)
  const { prefill } = useStore($landing)
  const layout = landingLayout({ app, prefill, recentMethod: appId ? getRecentLoginMethod(appId) : null })
  return (
    <div className="body" part="body" data-screen="landing-overflow">
      <ScreenTitle>{layout.overflowLabel}</ScreenTitle>
      <div className="methods" part="methods">
        {layout.overflow.map((method) => (
          <MethodEntry key={method} method={method} overflow />
        ))}
      </div>
    </div>
  )
}
