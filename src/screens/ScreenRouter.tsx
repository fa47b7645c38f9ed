import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react'
import type { ScreenEntry } from '../stores/modal.ts'
import { resetScreens, setScreenPreloader } from '../stores/modal.ts'
import { ErrorBoundary } from '../ui/ErrorBoundary.tsx'
import { ScreenFocus } from '../ui/ScreenFocus.tsx'
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

// Screens fetched ahead (preloadScreen) render at once, without a Suspense round: a lazy wrapper
// suspends on its first render even when its chunk is already in.
const loaded = new Map<LaterScreen, ComponentType<any>>()
setScreenPreloader((name) => {
  if (name === 'landing' || loaded.has(name)) return
  return (
    import('./screenTable.ts')
      .then((table) => table.screens[name]())
      .then((module) => void loaded.set(name, module.default))
      // A failed fetch is retried by the lazy wrapper when the screen shows.
      .catch(() => undefined)
  )
})

export function ScreenRouter({ screen, depth }: { screen: ScreenEntry; depth: number }) {
  const { name, ...props } = screen
  // A screen already shown keeps its lazy wrapper (switching the component type would remount it).
  const Screen = name === 'landing' ? LandingScreen : (later.get(name) ?? loaded.get(name) ?? laterScreen(name))
  return (
    // Keyed by position so a failed screen's boundary does not stick to the next one.
    <ErrorBoundary key={`${depth}:${name}`} onReset={() => resetScreens()}>
      <Suspense fallback={<LoadingScreen />}>
        <Screen {...props} />
        <ScreenFocus />
      </Suspense>
    </ErrorBoundary>
  )
}
