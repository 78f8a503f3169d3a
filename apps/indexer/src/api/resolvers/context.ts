/** What every resolver module shares: its dependencies, argument parsing and keyset helpers. */
import { type and, asc, desc, type ReadonlyDrizzle, sql } from 'ponder'

export type SQL = NonNullable<ReturnType<typeof and>>

import type * as schema from '../../../ponder.schema.ts'
import { encodeCursor, type KeysetPosition } from '../cursor.ts'
import { badInput } from '../errors.ts'
import { decimalString } from '../format.ts'
import type { InputContext } from '../inputs.ts'
import type { Snapshot } from '../snapshotViews.ts'

export type Tables = typeof schema
export type Db = ReadonlyDrizzle<Tables>
export type Args = Record<string, unknown>

const ranges = {
  HOUR: { period: 300, span: 3600 },
  DAY: { period: 3600, span: 86400 },
  WEEK: { period: 3600, span: 7 * 86400 },
  MONTH: { period: 86400, span: 30 * 86400 },
  YEAR: { period: 86400, span: 365 * 86400 },
  ALL: { period: 86400, span: Number.POSITIVE_INFINITY },
} as const
type Range = keyof typeof ranges

export const usd = (n: number | null) => decimalString(n)
export const usd0 = (n: number | null) => decimalString(n) ?? '0'

export function parseRange(value: unknown): (typeof ranges)[Range] {
  if (typeof value === 'string' && value in ranges) return ranges[value as Range]
  throw badInput('range must be one of HOUR, DAY, WEEK, MONTH, YEAR, ALL.', 'range')
}

function chainIdsOf(
  snapshotStates: Snapshot['states'],
  slugs: string[],
  chainIdBySlug: Map<string, number>,
): number[] {
  void snapshotStates
  return slugs.map((s) => chainIdBySlug.get(s)).filter((c): c is number => c !== undefined)
}

/** Newest-first keyset over (timestamp, block, log index, id): stable within one second. */
interface Ordered {
  timestamp: number
  blockNumber: bigint
  logIndex: number
  id: string
}
export const keyOf = (row: Ordered) => [row.timestamp, row.blockNumber.toString(), row.logIndex, row.id]

/** The keyset's order: newest first. */
export function newestFirst(t: { timestamp: unknown; blockNumber: unknown; logIndex: unknown; id: unknown }) {
  return [t.timestamp, t.blockNumber, t.logIndex, t.id].map((column) => desc(column as Column))
}
type Column = Parameters<typeof desc>[0]

/** A keyset page from `rows` read with limit `first + 1` (one more tells that more follow). */
export function keysetPage<R extends Ordered, N>(
  list: string,
  rows: R[],
  first: number,
  nodes: (row: R) => N[],
  key: (row: R) => (string | number | null)[] = keyOf,
) {
  const page = rows.slice(0, first)
  const last = page.at(-1)
  return {
    nodes: page.flatMap(nodes),
    pageInfo: {
      hasNextPage: rows.length > first,
      endCursor: last ? encodeCursor(list, key(last)) : null,
    },
  }
}

export function afterKey(
  t: { timestamp: unknown; blockNumber: unknown; logIndex: unknown; id: unknown },
  at: KeysetPosition,
): SQL {
  return sql`(${t.timestamp}, ${t.blockNumber}, ${t.logIndex}, ${t.id}) < (${at.timestamp}, ${at.blockNumber}::numeric, ${at.logIndex}, ${at.id})`
}

/**
 * An ordering of pool events (explore transactions): by time, or by USD value with events of no
 * known value last in either direction; ties by (timestamp, block, log index, id) in the same
 * direction, so one row comparison finds the rows after a cursor. ponder.schema.ts indexes each.
 */
export interface EventOrder {
  by: 'TIMESTAMP' | 'VALUE_USD'
  direction: 'ASC' | 'DESC'
}

export function parseEventOrder(args: Args): EventOrder {
  return {
    by: args.orderBy === 'VALUE_USD' ? 'VALUE_USD' : 'TIMESTAMP',
    direction: args.orderDirection === 'ASC' ? 'ASC' : 'DESC',
  }
}

interface Valued extends Ordered {
  valueUsd: number | null
}
type EventColumns = {
  timestamp: unknown
  blockNumber: unknown
  logIndex: unknown
  id: unknown
  valueUsd: unknown
}

/** The cursor key of an event in `order`. */
export function eventKeyOf(order: EventOrder): (row: Valued) => (string | number | null)[] {
  return order.by === 'VALUE_USD' ? (row) => [row.valueUsd, ...keyOf(row)] : keyOf
}

export function eventOrderBy(t: EventColumns, order: EventOrder): SQL[] {
  const dir = order.direction === 'ASC' ? asc : desc
  const tail = [t.timestamp, t.blockNumber, t.logIndex, t.id].map((column) => dir(column as Column))
  if (order.by === 'TIMESTAMP') return tail
  const value =
    order.direction === 'ASC' ? sql`${t.valueUsd} asc nulls last` : sql`${t.valueUsd} desc nulls last`
  return [value, ...tail]
}

/** The events after `at` in `order`. */
export function afterEvent(t: EventColumns, at: KeysetPosition, order: EventOrder): SQL {
  const op = sql.raw(order.direction === 'ASC' ? '>' : '<')
  const tail = sql`(${t.timestamp}, ${t.blockNumber}, ${t.logIndex}, ${t.id}) ${op} (${at.timestamp}, ${at.blockNumber}::numeric, ${at.logIndex}, ${at.id})`
  if (order.by === 'TIMESTAMP') return tail
  if (at.value === null || at.value === undefined) return sql`(${t.valueUsd} is null and ${tail})`
  return sql`(${t.valueUsd} is null or (${t.valueUsd}, ${t.timestamp}, ${t.blockNumber}, ${t.logIndex}, ${t.id}) ${op} (${at.value}::double precision, ${at.timestamp}, ${at.blockNumber}::numeric, ${at.logIndex}, ${at.id}))`
}

export interface ResolverDeps {
  db: Db
  tables: Tables
  snapshot: () => Promise<Snapshot>
  /** slug -> chain id of the networks this indexer serves. */
  chainIdBySlug: Map<string, number>
  /** Native-currency balance read from the node (not derivable from logs); null when unavailable. */
  nativeBalance: (chainId: number, owner: `0x${string}`, snapshotKey: string) => Promise<bigint | null>
  /**
   * The share of every transfer (basis points) a token takes, as the token list (the devnet
   * manifest) declares it; null for tokens it does not list. A transfer fee is charged on a buy (the
   * pool sends the token) and on a sell (the pool receives it) alike.
   */
  transferFeeBps: (chainId: number, address: `0x${string}`) => number | null
  /**
   * The token's logo as the token list declares it: a same-origin path the web app serves
   * (`@oxbow/protocol/tokenLogos`); the native currency's by its symbol; null otherwise.
   */
  logoUrl: (chainId: number, address: `0x${string}`) => string | null
}

/** Most other networks Token.sameTokens lists, and most tokens one tokenBalances call reads. */
export const MAX_SAME_TOKENS = 20

/** The dependencies plus what every resolver module derives from them. */
export interface ResolverContext {
  deps: ResolverDeps
  db: Db
  tables: Tables
  input: InputContext
  chainIds: (s: Snapshot, slugs: string[]) => number[]
}

export function resolverContext(deps: ResolverDeps): ResolverContext {
  const { db, tables } = deps
  const input: InputContext = { indexed: [...deps.chainIdBySlug.keys()] }
  const chainIds = (s: Snapshot, slugs: string[]) => chainIdsOf(s.states, slugs, deps.chainIdBySlug)
  return { deps, db, tables, input, chainIds }
}
