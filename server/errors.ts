import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { API_ERROR_CODES, type ApiErrorBody, type ApiErrorCode } from '@gatehouse/contract'
import { ResponseSchemaError } from './response-check.js'

/** An answer with a code from the shared table; the status comes from the table. */
export class ApiError extends Error {
  readonly code: ApiErrorCode
  readonly statusCode: number
  /** Extra wire fields for the client (e.g. the account transfer nonce), sent as `data`. */
  readonly data?: Record<string, unknown>
  constructor(code: ApiErrorCode, message: string, data?: Record<string, unknown>) {
    super(message)
    this.code = code
    this.statusCode = API_ERROR_CODES[code]
    this.data = data
  }
}

export function sendError(reply: FastifyReply, code: ApiErrorCode, message: string, data?: Record<string, unknown>) {
  const body: ApiErrorBody = data ? { error: message, code, data } : { error: message, code }
  return reply.code(API_ERROR_CODES[code]).type('application/json').send(body)
}

/** Fastify's own 4xx errors, by their `code`, mapped onto the shared table. */
const FASTIFY_CODES: Record<string, [ApiErrorCode, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: ['payload_too_large', 'Request body is too large'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ['unsupported_media_type', 'Content-Type must be application/json'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ['invalid_data', 'Content-Length does not match the body'],
  FST_ERR_CTP_EMPTY_JSON_BODY: ['invalid_data', 'Request body is empty'],
  FST_ERR_CTP_INVALID_JSON_BODY: ['invalid_data', 'Request body is not valid JSON'],
}

function validationMessage(error: FastifyError): string {
  const first = error.validation?.[0]
  if (!first) return 'Invalid request'
  const where = (first.instancePath || '').replace(/^\//, '').replace(/\//g, '.')
  const missing = (first.params as { missingProperty?: string } | undefined)?.missingProperty
  if (missing) return `Missing field: ${missing}`
  const extra = (first.params as { additionalProperty?: string } | undefined)?.additionalProperty
  if (extra) return `Unknown field: ${extra}`
  return where ? `Invalid field ${where}: ${first.message}` : `Invalid request: ${first.message}`
}

/**
 * Every failure leaves as `{ error, code }`. Unknown errors become a bare 500 so that no
 * stack or internal message reaches the browser; they are logged instead.
 */
export function installErrorHandlers(app: FastifyInstance, routePatterns: () => Map<string, Set<string>>) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof ApiError) return sendError(reply, error.code, error.message, error.data)
    if (error instanceof ResponseSchemaError) {
      // Only where answers are checked (tests): the message names the route and the field.
      console.error(error.message)
      return sendError(reply, 'internal_error', error.message)
    }
    if (error.validation) return sendError(reply, 'invalid_data', validationMessage(error))
    const mapped = error.code ? FASTIFY_CODES[error.code] : undefined
    if (mapped) return sendError(reply, mapped[0], mapped[1])
    if (error instanceof SyntaxError) return sendError(reply, 'invalid_data', 'Request body is not valid JSON')
    const status = error.statusCode ?? 500
    if (status >= 400 && status < 500) {
      if (status === 413) return sendError(reply, 'payload_too_large', 'Request body is too large')
      if (status === 415) return sendError(reply, 'unsupported_media_type', 'Unsupported Content-Type')
      return sendError(reply, 'invalid_data', 'Invalid request')
    }
    request.log.error({ err: error }, 'unhandled error')
    return sendError(reply, 'internal_error', 'Internal error')
  })

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0]
    const allowed = new Set<string>()
    for (const [pattern, methods] of routePatterns()) {
      if (matchesPattern(pattern, path)) for (const m of methods) allowed.add(m)
    }
    if (allowed.size > 0) {
      reply.header('allow', [...allowed].sort().join(', '))
      return sendError(reply, 'method_not_allowed', `Method ${request.method} is not allowed on ${path}`)
    }
    return sendError(reply, 'not_found', `No route ${request.method} ${path}`)
  })
}

const patternCache = new Map<string, RegExp>()

function matchesPattern(pattern: string, path: string): boolean {
  let re = patternCache.get(pattern)
  if (!re) {
    const source = pattern
      .split('/')
      .map((part) => (part.startsWith(':') ? '[^/]+' : part === '*' ? '.*' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/')
    re = new RegExp(`^${source}/?$`)
    patternCache.set(pattern, re)
  }
  return re.test(path)
}

/**
 * Node refuses some requests before Fastify sees them (headers over its 16 KB limit, a client too
 * slow to send them, bytes that are not HTTP); they get the same `{ error, code }` as any answer,
 * written on the socket, instead of Fastify's own shape.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const [code, message]: [ApiErrorCode, string] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? ['headers_too_large', 'Request headers are too large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? ['request_timeout', 'The request took too long to arrive']
        : ['invalid_data', 'Malformed HTTP request']
  const status = API_ERROR_CODES[code]
  const body = JSON.stringify({ error: message, code } satisfies ApiErrorBody)
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    )
  }
  socket.destroy(error)
}
