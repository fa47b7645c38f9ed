/**
 * The web-platform globals the contract uses, which browsers and Node (>= 20) both provide. The
 * contract is type-checked with neither the DOM nor Node's types (contract/tsconfig.json), so what
 * it may rely on on both sides is written here, and nothing else is.
 */
declare class TextEncoder {
  encode(input?: string): Uint8Array
}

declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean })
  decode(input?: Uint8Array): string
}

declare const crypto: {
  readonly subtle: {
    digest(algorithm: 'SHA-256', data: Uint8Array): Promise<ArrayBuffer>
  }
}
