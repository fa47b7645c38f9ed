/**
 * QR codes as drawn: spec part 2 §9 'QR default size 160, error correction Q' (WalletConnect and
 * authenticator-app QR codes), part 3 §9 'QR size 200 (receive) or 275 (Farcaster)' with the same
 * error correction. Each image is compared with the qrcode package's own drawing at the spec's
 * options, so a changed size or error-correction level fails.
 */
import qrcode from 'qrcode'
import { describe, expect, it } from 'vitest'
import { qrDataUrl } from '../farcaster/qr.ts'
import { qrSvgDataUrl } from './qr.ts'

const TEXT =
  'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303'
const svgOf = (dataUrl: string) => decodeURIComponent(dataUrl.replace('data:image/svg+xml;charset=utf-8,', ''))
const spec = (width: number) => qrcode.toString(TEXT, { type: 'svg', margin: 1, errorCorrectionLevel: 'Q', width })

describe('QR codes (spec part 2 §9, part 3 §9)', () => {
  it('the default QR is 160 px with error correction Q', async () => {
    const svg = svgOf(await qrSvgDataUrl(TEXT))
    expect(svg).toMatch(/<svg [^>]*width="160" height="160"/)
    expect(svg).toBe(await spec(160))
    // Error correction shows in the drawing: an M code of the same text differs.
    expect(svg).not.toBe(await qrcode.toString(TEXT, { type: 'svg', margin: 1, errorCorrectionLevel: 'M', width: 160 }))
  })

  it('the receive QR (200 px) keeps error correction Q', async () => {
    expect(svgOf(await qrSvgDataUrl(TEXT, { width: 200 }))).toBe(await spec(200))
  })

  it('the Farcaster connect QR is 275 px with error correction Q', async () => {
    const svg = svgOf(await qrDataUrl(TEXT))
    expect(svg).toMatch(/<svg [^>]*width="275" height="275"/)
    expect(svg).toBe(await spec(275))
  })
})
