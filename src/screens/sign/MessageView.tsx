import { TypedDataView } from './TypedDataView.tsx'
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
  if (method === 'eth_signTypedData_v4') return <TypedDataView data={data} />
  const raw = String(data)
  const bytes = method === 'solana_signMessage' ? base64Bytes(raw) : raw.startsWith('0x') ? hexBytes(raw) : new TextEncoder().encode(raw)
  const text = bytes ? decodeText(bytes) : null
  return (
    <pre className="secret message" part="message" data-kind={text === null ? 'raw' : 'text'}>
      {text ?? raw}
    </pre>
  )
}
