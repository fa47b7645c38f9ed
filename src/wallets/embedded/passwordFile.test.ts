/**
 * Spec part 2 §9: 'password download filename is the app name reduced to letters and hyphens plus a
 * suffix for wallet recovery; object URL released after 5 s'. The real download runs against a
 * stubbed page; fake timers show the URL still alive at 4999 ms and released at 5000 ms.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { downloadPasswordFile } from './passwordFile.ts'

const clicked: { href: string; download: string }[] = []
const revoked: string[] = []
let blobs: Blob[] = []

beforeEach(() => {
  clicked.length = 0
  revoked.length = 0
  blobs = []
  vi.useFakeTimers()
  vi.stubGlobal('URL', {
    createObjectURL: (blob: Blob) => (blobs.push(blob), `blob:https://host.example/${blobs.length}`),
    revokeObjectURL: (url: string) => void revoked.push(url),
  })
  vi.stubGlobal('document', {
    createElement: () => ({
      href: '',
      download: '',
      click() {
        clicked.push({ href: this.href, download: this.download })
      },
    }),
  })
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('the recovery password file', () => {
  it('downloads the password as <app>-wallet-recovery.txt and releases its object URL after 5 s, not before', async () => {
    downloadPasswordFile('correct horse battery staple', 'My App 2')
    expect(clicked).toEqual([{ href: 'blob:https://host.example/1', download: 'My-App-wallet-recovery.txt' }])
    expect(await blobs[0]!.text()).toBe('correct horse battery staple')
    vi.advanceTimersByTime(4999)
    expect(revoked).toEqual([])
    vi.advanceTimersByTime(1)
    expect(revoked).toEqual(['blob:https://host.example/1'])
  })
})
