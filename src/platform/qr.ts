/** A QR code as an SVG data URL, drawn by the `qrcode` package (lazy: only the screens showing one load it). */
export interface QrOptions {
  width: number
  errorCorrectionLevel: 'L' | 'M' | 'Q' | 'H'
}

/** Spec part 2 §9: 'QR default size 160, error correction Q'. Part 3 §9 sizes the receive (200) and Farcaster (275) codes. */
export const QR_DEFAULTS: QrOptions = { width: 160, errorCorrectionLevel: 'Q' }

export async function qrSvgDataUrl(text: string, options: Partial<QrOptions> = {}): Promise<string> {
  const { width, errorCorrectionLevel } = { ...QR_DEFAULTS, ...options }
  const mod = await import('qrcode')
  const qrcode = (mod as unknown as { default?: typeof mod }).default ?? mod
  const svg = await qrcode.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel, width })
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`
}
