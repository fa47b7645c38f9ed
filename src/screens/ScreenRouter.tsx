import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react'
import type { ScreenEntry } from '../stores/modal.ts'
import { resetScreens } from '../stores/modal.ts'
import { ErrorBoundary } from '../ui/ErrorBoundary.tsx'
import LoadingScreen from './common/LoadingScreen.tsx'
import LandingScreen from './login/LandingScreen.tsx'
import type { LaterScreen } from './screenTable.ts'

// Only landing and loading are in the entry chunk; every later step is fetched when reached: the
// table of later screens (screenTable.ts) first, on the first one, then the screen's own chunk, both
// behind one Suspense fallback.
const later = new Map<LaterScreen, LazyExoticComponent<ComponentType<any>>>()
const laterScreen = (name: LaterScreen) => {
  let screen = later.get(name)
  if (!screen) later.set(name, (screen = lazy(() => import('./screenTable.ts').then((table) => table.screens[name]()))))
  return screen
}

export function ScreenRouter({ screen, depth }: { screen: ScreenEntry; depth: number }) {
  const { name, ...props } = screen
  const Screen = name === 'landing' ? LandingScreen : laterScreen(name)
  return (
    // Keyed by position so a failed screen's boundary does not stick to the next one.
    <ErrorBoundary key={`${depth}:${name}`} onReset={() => resetScreens()}>
      <Suspense fallback={<LoadingScreen />}>
        <Screen {...props} />
      </Suspense>
    </ErrorBoundary>
  )
}
