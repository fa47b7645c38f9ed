/**
 * Requests and answers between the HTTP process and the signer process: one JSON object per line
 * over a local Unix socket. Bigints (transaction values) and bytes (Solana) have tagged forms.
 */
import { base64 } from '@scure/base'

export function encode(value: unknown): string {
  return JSON.stringify(value, (_key, v) => {
    if (typeof v === 'bigint') return { $bigint: v.toString() }
    if (v instanceof Uint8Array) return { $bytes: base64.encode(v) }
    return v
  })
}

export function decode<T>(line: string): T {
  return JSON.parse(line, (_key, v) => {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const keys = Object.keys(v)
      if (keys.length === 1 && typeof v.$bigint === 'string') return BigInt(v.$bigint)
      if (keys.length === 1 && typeof v.$bytes === 'string') return base64.decode(v.$bytes)
    }
    return v
  }) as T
}

export type SignerRequest =
  | { id: number; op: 'public_key' }
  | { id: number; op: 'sign'; material: import('./signing-core.js').SigningMaterial; request: import('./signer.js').DelegatedSignRequest }
  /** Wipes the rebuilt keys of these delegations (contract delegationInfo of each revoked row). */
  | { id: number; op: 'forget'; infos: string[] }

export type SignerAnswer = { id: number; ok: true; result: unknown } | { id: number; ok: false; code: string; message: string }
