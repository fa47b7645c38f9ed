/**
 * The export frame's URL query (spec part 3 §7): the unified variant `v, wallet_id, client_id,
 * width, caid, phrase_export` plus the theme colours. The host builds it, the export page reads
 * it; one module so the two cannot drift. The access token never goes in the URL.
 */

/** Theme colours the page paints itself with, by query name (= the CSS variable `--name` in the page). */
export const EXPORT_COLORS = ['background', 'foreground', 'accent', 'accent_foreground', 'border'] as const
export type ExportColor = (typeof EXPORT_COLORS)[number]

/** Only plain colour values pass: the page sets them as CSS variables, so nothing else may get in. */
const COLOR = /^(#[0-9a-f]{3,8}|rgba?\(\s*[\d.%]+(\s*[,/ ]\s*[\d.%]+){2,3}\s*\))$/i
export const isColor = (value: string) => COLOR.test(value.trim())

export interface ExportQueryInput {
  walletId: string
  clientId: string
  width: number
  phraseExport: boolean
  colors: Partial<Record<ExportColor, string>>
}

/** The unified query string; colours that are not plain colour values are left out. */
export function buildExportQuery(input: ExportQueryInput): URLSearchParams {
  const query = new URLSearchParams({
    v: '1',
    wallet_id: input.walletId,
    client_id: input.clientId,
    width: String(input.width),
    caid: input.clientId,
    phrase_export: String(input.phraseExport),
  })
  for (const name of EXPORT_COLORS) {
    const value = input.colors[name]?.trim()
    if (value && isColor(value)) query.set(name, value)
  }
  return query
}

export interface ExportQuery {
  walletId: string | null
  /** False only when the host said `phrase_export=false`. */
  phraseExport: boolean
  colors: Partial<Record<ExportColor, string>>
}

/** What the export page reads (legacy parameters are accepted and not needed). */
export function exportQuery(params: URLSearchParams): ExportQuery {
  const colors: ExportQuery['colors'] = {}
  for (const name of EXPORT_COLORS) {
    const value = params.get(name)
    if (value && isColor(value)) colors[name] = value.trim()
  }
  return { walletId: params.get('wallet_id') || null, phraseExport: params.get('phrase_export') !== 'false', colors }
}
