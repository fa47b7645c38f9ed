import { lazy, Suspense, useEffect, useState, type ComponentType, type LazyExoticComponent } from 'react'
import type { ScreenEntry } from '../stores/modal.ts'
import { preloadScreen, resetScreens, setScreenPreloader } from '../stores/modal.ts'
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
  // A screen reached before its chunk is in shows the spinner and is fetched first, then rendered:
  // no Suspense fallback, so React does not hold the screen back after its chunk arrives (it keeps a
  // fallback up to 300 ms, on the page's own timers: React now loads after open(), and a page whose
  // timers are replaced, as by a test's paused clock, would never see the screen). A fetch that
  // failed leaves the screen to its lazy wrapper, which retries and reports to the error boundary.
  const [fetched, setFetched] = useState<string | null>(null)
  // A screen already shown keeps its lazy wrapper (switching the component type would remount it).
  const Screen = name === 'landing' ? LandingScreen : (later.get(name) ?? loaded.get(name) ?? (fetched === name ? laterScreen(name) : null))
  useEffect(() => {
    if (Screen) return
    let live = true
    void preloadScreen(name).then(() => live && setFetched(name))
    return () => {
      live = false
    }
  }, [Screen, name])
  return (
    // Keyed by position so a failed screen's boundary does not stick to the next one.
    <ErrorBoundary key={`${depth}:${name}`} onReset={() => resetScreens()}>
      {Screen ? (
        <Suspense fallback={<LoadingScreen />}>
          <Screen {...props} />
          <ScreenFocus />
        </Suspense>
      ) : (
        <LoadingScreen />
      )}
    </ErrorBoundary>
  )
}
