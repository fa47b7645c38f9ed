import { describe, expect, it } from 'vitest'
import { buildExportQuery, exportQuery } from './exportQuery.ts'

describe('export frame query (spec part 3 §7)', () => {
  it('the unified variant: v, wallet_id, client_id, width, caid, phrase_export and the theme colours, read back by the page', () => {
    const query = buildExportQuery({
      walletId: 'w1',
      clientId: 'c1',
      width: 320,
      phraseExport: true,
      colors: { background: '#ffffff', foreground: ' #040217 ', accent: 'rgb(103, 111, 255)' },
    })
    expect([...query.keys()]).toEqual(['v', 'wallet_id', 'client_id', 'width', 'caid', 'phrase_export', 'background', 'foreground', 'accent'])
    expect(Object.fromEntries(query)).toMatchObject({ v: '1', wallet_id: 'w1', client_id: 'c1', width: '320', caid: 'c1', phrase_export: 'true' })
    expect(exportQuery(query)).toEqual({
      walletId: 'w1',
      phraseExport: true,
      colors: { background: '#ffffff', foreground: '#040217', accent: 'rgb(103, 111, 255)' },
    })
  })

  it('error: a colour that is not a plain colour value is dropped on both sides', () => {
    const bad = 'red;background:url(https://evil.example/x)'
    expect(buildExportQuery({ walletId: 'w', clientId: 'c', width: 1, phraseExport: false, colors: { accent: bad } }).has('accent')).toBe(false)
    expect(exportQuery(new URLSearchParams({ accent: bad, border: 'var(--x)' })).colors).toEqual({})
  })

  it('the legacy variant is accepted: no wallet id, the phrase offered unless phrase_export=false', () => {
    const legacy = new URLSearchParams({
      v: '1',
      entropy_id: '0xabc',
      entropy_id_verifier: 'ethereum-address-verifier',
      hd_wallet_index: '0',
      chain_type: 'ethereum',
    })
    expect(exportQuery(legacy)).toEqual({ walletId: null, phraseExport: true, colors: {} })
    legacy.set('phrase_export', 'false')
    expect(exportQuery(legacy).phraseExport).toBe(false)
  })
})
