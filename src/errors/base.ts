import { VERSION } from '../version.ts'

export interface BaseErrorParameters {
  /** Extra lines for developers (not shown to end users). */
  details?: string
  cause?: unknown
  /** Stable machine-readable code: a wire code from @gatehouse/contract (contract/src/api-codes.ts) or a spec code such as `MUST_BE_AUTHENTICATED`. */
  code: string
}

export type BaseErrorType = BaseError & { name: 'BaseError' }

/**
 * The one error class every Gatehouse error extends (viem style): `shortMessage` is the
 * sentence a host can show, `message` adds details and the version for bug reports.
 */
export class BaseError extends Error {
  override name = 'BaseError'
  shortMessage: string
  details?: string
  code: string
  version = VERSION

  constructor(shortMessage: string, parameters: BaseErrorParameters) {
    const lines = [shortMessage]
    if (parameters.details) lines.push('', `Details: ${parameters.details}`)
    lines.push(`Version: gatehouse@${VERSION}`)
    super(lines.join('\n'), parameters.cause === undefined ? undefined : { cause: parameters.cause })
    this.shortMessage = shortMessage
    this.details = parameters.details
    this.code = parameters.code
  }
}
