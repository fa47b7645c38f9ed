// Its own module rather than the router's: the forms calling it are part of the landing screen,
// which the router imports, and a form importing the router would close an import cycle.

/** Starts fetching the code screen while the user types the e-mail, so it paints at once. */
export function prefetchCodeScreen(): void {
  void import('./CodeScreen.tsx').catch(() => undefined)
}
