// Types for src/bundle-budget.test.ts (bench/ is plain JavaScript run by node).
export declare const LANDING_TARGET_BYTES: number
export declare const LANDING_LIMIT_BYTES: number
export declare function gzipBytes(body: Uint8Array | string): number
export declare function landingChunks(distDir: string, entry?: string): Promise<{ files: { file: string; gzipBytes: number }[]; gzipBytes: number }>
export declare function landingFigure(distDir: string): Promise<{
  bench: 'landing-js'
  gzipBytes: number
  gzipKB: number
  targetBytes: number
  withinTarget: boolean
  limitBytes: number
  withinLimit: boolean
  files: string[]
}>
export declare const FUND_BUTTON_TARGET_BYTES: number
export declare function fundButtonFigure(
  distDir: string,
): Promise<{ bench: 'fund-button-js'; gzipBytes: number; targetBytes: number; withinTarget: boolean; files: string[] }>
