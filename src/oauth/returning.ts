/**
 * Back from a full-page OAuth redirect (`?state=…&code=…` on the page): finishes the login. The
 * flow's code loads only then, so ordinary page loads pay nothing for it.
 */
export function resumeOAuthIfReturning(): void {
  if (!/[?&]state=/.test(location.search) || !/[?&]code=/.test(location.search)) return
  import('./resume.ts').then((m) => m.resumeOAuthRedirect()).catch((error) => console.error('[gatehouse] OAuth return failed', error))
}
