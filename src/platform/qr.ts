/** A QR code as an SVG data URL, drawn by the `qrcode` package (lazy: only the screens showing one load it). */
export interface QrOptions {
  width: number
  errorCorrectionLevel: 'L' | 'M' | 'Q' | 'H'
}

export async function qrSvgDataUrl(text: string, { width, errorCorrectionLevel }: QrOptions): Promise<string> {
  const mod = await import('qrcode')
  const qrcode = (mod as unknown as { default?: typeof mod }).default ?? mod
  const svg = await qrcode.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel, width })
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`
}
