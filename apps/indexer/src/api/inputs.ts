/**
 * Argument validation (zod): every user-supplied value is checked here and turned into a
 * BAD_USER_INPUT error naming the argument.
 */
import { isNetworkSlug, networkSlugs } from '@oxbow/chains'
import { isAddress } from 'viem'
import { z } from 'zod'
import { badInput } from './errors.ts'

export const MAX_PAGE_SIZE = 100
export const DEFAULT_PAGE_SIZE = 20

// Built once: building a zod schema costs more than checking a value with it (issue #16: per
// request, the page size's schema alone was about 5 % of a distinct query's CPU time).
const slugSchema = z.string().max(64)
const slugListSchema = z.array(z.unknown()).max(64)
const firstSchema = z.number().int().min(1).max(MAX_PAGE_SIZE)
const searchSchema = z.string().trim().min(1).max(100)
const filterSchema = z.string().max(100)

export interface InputContext {
  /** Slugs of networks this indexer serves, in registry order. */
  indexed: readonly string[]
}

export function parseNetwork(ctx: InputContext, value: unknown, field = 'network'): string {
  const slug = slugSchema.safeParse(value)
  if (!slug.success) throw badInput(`${field} must be a network slug.`, field)
  const s = slug.data.trim().toLowerCase()
  if (!isNetworkSlug(s)) {
    throw badInput(
      `Unknown network '${slug.data.slice(0, 64)}'. Known networks: ${networkSlugs.join(', ')}.`,
      field,
    )
  }
  if (!ctx.indexed.includes(s)) {
    throw badInput(`Network '${s}' is not indexed here. Indexed networks: ${ctx.indexed.join(', ')}.`, field)
  }
  return s
}

/** Omitted or empty list means every indexed network. */
export function parseNetworks(ctx: InputContext, value: unknown, field = 'networks'): string[] {
  if (value === null || value === undefined) return [...ctx.indexed]
  const list = slugListSchema.safeParse(value)
  if (!list.success) throw badInput(`${field} must be a list of network slugs.`, field)
  if (list.data.length === 0) return [...ctx.indexed]
  return [...new Set(list.data.map((v) => parseNetwork(ctx, v, field)))]
}

export function parseAddress(value: unknown, field = 'address'): `0x${string}` {
  if (typeof value !== 'string' || !isAddress(value, { strict: false })) {
    throw badInput(`${field} must be a 20-byte hex address (0x followed by 40 hex digits).`, field)
  }
  return value.toLowerCase() as `0x${string}`
}

/** A v2/v3 pool address or a v4 pool id. */
export function parsePoolId(value: unknown, field = 'id'): `0x${string}` {
  if (typeof value === 'string' && /^0x[0-9a-fA-F]{64}$/.test(value))
    return value.toLowerCase() as `0x${string}`
  if (typeof value === 'string' && isAddress(value, { strict: false }))
    return value.toLowerCase() as `0x${string}`
  throw badInput(`${field} must be a pool address (20 bytes) or a v4 pool id (32 bytes hex).`, field)
}

export function parseFirst(value: unknown, fallback = DEFAULT_PAGE_SIZE, field = 'first'): number {
  if (value === null || value === undefined) return fallback
  const r = firstSchema.safeParse(value)
  if (!r.success) throw badInput(`${field} must be an integer from 1 to ${MAX_PAGE_SIZE}.`, field)
  return r.data
}

export function parseSearchQuery(value: unknown): string {
  const r = searchSchema.safeParse(value)
  if (!r.success) throw badInput('query must be 1 to 100 characters.', 'query')
  return r.data
}

/** An explore list's optional text filter (lower-cased); null when omitted or blank. */
export function parseListFilter(value: unknown, field = 'filter'): string | null {
  if (value === null || value === undefined) return null
  const r = filterSchema.safeParse(value)
  if (!r.success) throw badInput(`${field} must be at most 100 characters.`, field)
  const q = r.data.trim().toLowerCase()
  return q.length > 0 ? q : null
}
