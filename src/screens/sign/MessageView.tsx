import { useState } from 'react'
import type { SignMethod } from '../../wallets/embedded/signing.ts'

/** UTF-8 text of hex or base64 bytes, or null when the bytes are not readable text. */
function decodeText(bytes: Uint8Array): string | null {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    return /[\u0000-\u0008\u000e-\u001f]/.test(text) ? null : text
  } catch {
    return null
  }
}

function hexBytes(hex: string): Uint8Array | null {
  const body = hex.slice(2)
  if (body.length % 2 || !/^[0-9a-fA-F]*$/.test(body)) return null
  return Uint8Array.from(body.match(/../g) ?? [], (b) => parseInt(b, 16))
}

function base64Bytes(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0))
}

/** The message as the user should read it: decoded text, the typed-data structure, or the raw value. */
export function MessageView({ method, data }: { method: SignMethod; data: unknown }) {
  const [copied, setCopied] = useState(false)
  if (method === 'eth_signTypedData_v4') {
    const typed = (typeof data === 'string' ? JSON.parse(data) : data) as { domain?: object; primaryType?: string; message?: object }
    const full = JSON.stringify(typed, null, 2)
    return (
      <div className="message typed-data" part="message">
        <div className="message-label">{typed.primaryType}</div>
        <pre className="secret" part="typed-data">
          {JSON.stringify({ domain: typed.domain, message: typed.message }, null, 2)}
        </pre>
        <button
          type="button"
          className="link-button"
          onClick={() =>
            navigator.clipboard?.writeText(full).then(
              () => (setCopied(true), setTimeout(() => setCopied(false), 2000)),
              () => undefined,
            )
          }
        >
          {copied ? 'Copied' : 'Copy full payload'}
        </button>
      </div>
    )
  }
  const raw = String(data)
  const bytes = method === 'solana_signMessage' ? base64Bytes(raw) : raw.startsWith('0x') ? hexBytes(raw) : new TextEncoder().encode(raw)
  const text = bytes ? decodeText(bytes) : null
  return (
    <pre className="secret message" part="message" data-kind={text === null ? 'raw' : 'text'}>
      {text ?? raw}
    </pre>
  )
}
