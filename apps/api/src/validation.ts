/**
 * Request validation: every body, query and path parameter goes through a zod schema (the routes'
 * own, or the shared contract's in @oxbow/api-contract, written with zod/mini); failures
 * become a typed 400 listing each problem (path and message), never a 500.
 */
import { hexAddress } from '@oxbow/api-contract/requests'
import type { Context } from 'hono'
import * as z from 'zod'
import { ApiError } from './errors.ts'

/** A wallet address as sent (kept as sent; a mixed-case one must carry its EIP-55 checksum), typed `Address`. */
export const walletAddress = hexAddress('an EVM address (0x and 40 hex characters)')

function problems(error: z.core.$ZodError): { path: string; message: string }[] {
  return error.issues.slice(0, 20).map((issue) => ({ path: issue.path.join('.'), message: issue.message }))
}

export function parseWith<S extends z.core.$ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const result = z.safeParse(schema, value)
  if (!result.success) throw new ApiError('INVALID_INPUT', `Invalid ${what}`, problems(result.error))
  return result.data
}

/** Parses a JSON body (415 if not JSON, 400 if malformed) and validates it. */
export async function jsonBody<S extends z.core.$ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const type = c.req.header('content-type') ?? ''
  if (!type.toLowerCase().startsWith('application/json')) {
    throw new ApiError('UNSUPPORTED_MEDIA_TYPE', 'Request body must be application/json')
  }
  let value: unknown
  try {
    value = await c.req.json()
  } catch (cause) {
    throw new ApiError('INVALID_JSON', 'Request body is not valid JSON', undefined, { cause })
  }
  return parseWith(schema, value, 'request body')
}

/** Validates the query string (single values only). */
export function query<S extends z.core.$ZodType>(c: Context, schema: S): z.output<S> {
  return parseWith(schema, c.req.query(), 'query parameters')
}
