import { qrSvgDataUrl } from '../platform/qr.ts'

/** The Farcaster connect URI as a QR code (240 px, error correction M). */
export const QR_OPTIONS = { width: 240, errorCorrectionLevel: 'M' } as const

export const qrDataUrl = (text: string): Promise<string> => qrSvgDataUrl(text, QR_OPTIONS)
