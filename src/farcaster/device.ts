/**
 * Spec §2 'Farcaster sign-in': a QR code on desktop; on mobile an open-app button, worded
 * 'Open Farcaster app' on iOS and 'Take me to Farcaster' on other mobiles.
 */
export type FarcasterDevice = 'ios' | 'mobile' | 'desktop'

export function farcasterDevice(userAgent: string, maxTouchPoints = 0): FarcasterDevice {
  if (/iPhone|iPad|iPod/.test(userAgent)) return 'ios'
  // iPadOS asks for desktop pages: a "Macintosh" that has a touch screen is an iPad.
  if (/Macintosh/.test(userAgent) && maxTouchPoints > 1) return 'ios'
  if (/Android|Mobi|Opera Mini|IEMobile/i.test(userAgent)) return 'mobile'
  return 'desktop'
}

export const OPEN_APP_LABEL: Record<Exclude<FarcasterDevice, 'desktop'>, string> = {
  ios: 'Open Farcaster app',
  mobile: 'Take me to Farcaster',
}
