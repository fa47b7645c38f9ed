import { DOWNLOAD_URL_TTL_MS, passwordFileName } from './password.ts'

/**
 * Downloads the recovery password as a text file named from the app name, and releases the
 * file's object URL after 5 s (spec part 2 §9): long enough for the browser to start the download.
 */
export function downloadPasswordFile(password: string, appName: string | null | undefined): void {
  const url = URL.createObjectURL(new Blob([password], { type: 'text/plain' }))
  const link = document.createElement('a')
  link.href = url
  link.download = passwordFileName(appName)
  link.click()
  setTimeout(() => URL.revokeObjectURL(url), DOWNLOAD_URL_TTL_MS)
}
