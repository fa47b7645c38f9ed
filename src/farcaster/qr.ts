/** The connect URI as a QR code: an SVG data URL made by the `qrcode` package (lazy: only this screen loads it). */
export const QR_OPTIONS = { type: 'svg', margin: 1, errorCorrectionLevel: 'M', width: 240 } as const

export async function qrDataUrl(text: string): Promise<string> {
  const mod = await import('qrcode')
  const qrcode = (mod as unknown as { default?: typeof mod }).default ?? mod
  const svg = await qrcode.toString(text, QR_OPTIONS)
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`
}
