/** The relay's JSON-RPC plumbing: error codes, typed refusals, param readers and the client's identity. */
import { randomBytes } from 'node:crypto'
import { CoreError } from '@oxbow/core'

export type Params = Record<string, unknown>

/** A request the relay refuses, answered as a JSON-RPC error with `rpcCode`. */
export class RpcError extends CoreError {
  override readonly name = 'RpcError'
  constructor(
    readonly rpcCode: number,
    message: string,
  ) {
    super(message, { code: 'RELAY_RPC' })
  }
}

export const PARSE_ERROR = -32700
export const INVALID_REQUEST = -32600
export const METHOD_NOT_FOUND = -32601
export const INVALID_PARAMS = -32602
export const isRecord = (value: unknown): value is Params =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

export function stringParam(params: Params, key: string): string {
  const value = params[key]
  if (typeof value !== 'string' || value.length === 0)
    throw new RpcError(INVALID_PARAMS, `Missing or invalid "${key}" param`)
  return value
}

export function topicsParam(params: Params, key: string): string[] {
  const value = params[key]
  if (!Array.isArray(value) || !value.every((t) => typeof t === 'string' && t.length > 0))
    throw new RpcError(INVALID_PARAMS, `Missing or invalid "${key}" param`)
  return value as string[]
}

/**
 * The client's identity: the `iss` (did:key) of the auth JWT core puts in the URL, so a reconnect
 * is the same client. The signature is not checked (any project id and auth are accepted here).
 */
export function clientIdFrom(requestUrl: string | undefined): string {
  try {
    const auth = new URL(requestUrl ?? '/', 'ws://relay').searchParams.get('auth')
    const payload = auth?.split('.')[1]
    if (payload) {
      const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
      if (isRecord(claims) && typeof claims.iss === 'string' && claims.iss.length <= 200) return claims.iss
    }
  } catch {}
  return `anonymous:${randomBytes(8).toString('hex')}`
}
