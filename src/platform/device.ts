/**
 * What kind of device the page runs on, for the screens that differ on phones (QR code on a
 * desktop, open-the-app buttons and deep links on a phone). One place, so every screen agrees.
 */
export type DeviceKind = 'ios' | 'mobile' | 'desktop'

export function deviceKind(userAgent: string, maxTouchPoints = 0): DeviceKind {
  if (/iPhone|iPad|iPod/.test(userAgent)) return 'ios'
  // iPadOS asks for desktop pages: a "Macintosh" that has a touch screen is an iPad.
  if (/Macintosh/.test(userAgent) && maxTouchPoints > 1) return 'ios'
  if (/Android|Mobi|Opera Mini|IEMobile/i.test(userAgent)) return 'mobile'
  return 'desktop'
}

/** True on a phone or tablet (this browser's navigator). */
export function isMobile(): boolean {
  return typeof navigator !== 'undefined' && deviceKind(navigator.userAgent, navigator.maxTouchPoints) !== 'desktop'
}
