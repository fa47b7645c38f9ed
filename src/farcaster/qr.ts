import { qrSvgDataUrl } from '../platform/qr.ts'

/** The Farcaster connect URI as a QR code: spec part 3 §9's Farcaster size (275 px), the default error correction (Q). */
export const QR_OPTIONS = { width: 275 } as const

export const qrDataUrl = (text: string): Promise<string> => qrSvgDataUrl(text, QR_OPTIONS)
