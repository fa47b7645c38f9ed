/**
 * Spec §2 'Farcaster sign-in': a QR code on desktop; on mobile an open-app button, worded
 * 'Open Farcaster app' on iOS and 'Take me to Farcaster' on other mobiles.
 */
import { deviceKind, type DeviceKind } from '../platform/device.ts'

export type FarcasterDevice = DeviceKind
export const farcasterDevice = deviceKind

export const OPEN_APP_LABEL: Record<Exclude<FarcasterDevice, 'desktop'>, string> = {
  ios: 'Open Farcaster app',
  mobile: 'Take me to Farcaster',
}
