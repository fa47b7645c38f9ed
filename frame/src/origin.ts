/** Who the frame answers: the app's allowed origins, and any localhost page in development. */
export interface FrameConfig {
  appId: string
  allowedOrigins: string[]
  allowLocalhost: boolean
  /** How long an unlocked wallet signs before the server confirms the session again (vault.ts). */
  sessionCheckMs?: number
  /** Cloud recovery: where Drive and CloudKit are, and the app's iCloud container (frame/src/cloud.ts). */
  cloud?: import('./cloud.ts').CloudConfig
}

const LOCAL_ORIGIN = /^http:\/\/(localhost|127\.0\.0\.1)(:\d{1,5})?$/

export function originAllowed(config: FrameConfig, origin: string): boolean {
  if (config.allowedOrigins.includes(origin)) return true
  return config.allowLocalhost && LOCAL_ORIGIN.test(origin)
}

export function readFrameConfig(): FrameConfig {
  const node = document.getElementById('gatehouse-frame-config')
  return JSON.parse(node?.textContent ?? '{}') as FrameConfig
}
