import { createHash } from 'node:crypto'
import { z } from 'zod'
import { badInput } from './errors.ts'

/**
 * Opaque cursors: base64url JSON tagged with the list they belong to, so a cursor from one list
 * (or a hand-edited one) is rejected with BAD_USER_INPUT instead of silently paging wrong.
 */
const cursorSchema = z.object({
  l: z.string(),
  k: z.array(z.union([z.string(), z.number(), z.null()])).max(5),
})

export type CursorKey = (string | number | null)[]

/**
 * The identity of one list: the field's name and every argument that selects or orders its items
 * (all but `first` and `after`), plus `scope` for what the parent fixes (the pool whose
 * transactions these are). A cursor names the list it came from, so a cursor of another list
 * (other filter, order, owner or pool) is refused instead of paging that list from a foreign
 * position.
 */
export function listOf(name: string, args: Record<string, unknown>, scope: Record<string, unknown> = {}) {
  const defining = Object.entries({ ...args, ...scope })
    .filter(([k, v]) => k !== 'first' && k !== 'after' && v !== null && v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1))
  if (defining.length === 0) return name
  const text = `${name}.${JSON.stringify(defining)}`
  let id = listIds.get(text)
  if (id === undefined) {
    id = `${name}.${createHash('sha256').update(JSON.stringify(defining)).digest('base64url').slice(0, 12)}`
    if (listIds.size >= 2_000) listIds.delete(listIds.keys().next().value as string)
    listIds.set(text, id)
  }
  return id
}
/** List identities already hashed: an account's lists are asked for again and again. */
const listIds = new Map<string, string>()

export function encodeCursor(list: string, key: CursorKey): string {
  return Buffer.from(JSON.stringify({ l: list, k: key })).toString('base64url')
}

export function decodeCursor(list: string, cursor: string | null | undefined): CursorKey | null {
  if (cursor === null || cursor === undefined) return null
  if (cursor.length > 512 || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw badInput('Invalid cursor.', 'after')
  let parsed: unknown
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
  } catch {
    throw badInput('Invalid cursor.', 'after')
  }
  const result = cursorSchema.safeParse(parsed)
  if (!result.success || result.data.l !== list) throw badInput('Invalid cursor for this list.', 'after')
  return result.data.k
}

const INT4_MAX = 2 ** 31 - 1

/** Offset cursors for in-memory sorted lists. */
export function offsetFromCursor(list: string, cursor: string | null | undefined): number {
  const key = decodeCursor(list, cursor)
  if (key === null) return 0
  const [offset, ...rest] = key
  if (
    rest.length > 0 ||
    typeof offset !== 'number' ||
    !Number.isInteger(offset) ||
    offset < 0 ||
    offset > INT4_MAX
  )
    throw badInput('Invalid cursor.', 'after')
  return offset
}

/**
 * Position in a list of events ordered by (timestamp, block, log index, id), newest or oldest first,
 * optionally led by a value (explore transactions by USD value: null = no value known). Every part
 * is checked against its column's type here, so a hand-edited cursor never reaches the database as
 * a value it would refuse.
 */
export interface KeysetPosition {
  /** The leading value of a list ordered by one (undefined when the list has none). */
  value?: number | null
  timestamp: number
  blockNumber: string
  logIndex: number
  id: string
}

const eventKey = [
  z.number().int().min(0).max(INT4_MAX),
  z.string().regex(/^[0-9]{1,20}$/),
  z.number().int().min(0).max(INT4_MAX),
  z.string().regex(/^[0-9A-Za-z:]{1,200}$/),
] as const
const keysetSchema = z.tuple(eventKey)
const valuedKeysetSchema = z.tuple([z.number().finite().nullable(), ...eventKey])

/** `valued`: the list is ordered by a leading value, which the cursor's key starts with. */
export function keysetFromCursor(
  list: string,
  cursor: string | null | undefined,
  valued = false,
): KeysetPosition | null {
  const key = decodeCursor(list, cursor)
  if (key === null) return null
  if (valued) {
    const parsed = valuedKeysetSchema.safeParse(key)
    if (!parsed.success) throw badInput('Invalid cursor.', 'after')
    const [value, timestamp, blockNumber, logIndex, id] = parsed.data
    return { value, timestamp, blockNumber, logIndex, id }
  }
  const parsed = keysetSchema.safeParse(key)
  if (!parsed.success) throw badInput('Invalid cursor.', 'after')
  const [timestamp, blockNumber, logIndex, id] = parsed.data
  return { timestamp, blockNumber, logIndex, id }
}

export interface Page<T> {
  nodes: T[]
  pageInfo: { hasNextPage: boolean; endCursor: string | null }
  totalCount: number
}

export function pageByOffset<T>(
  list: string,
  items: readonly T[],
  first: number,
  after: string | null | undefined,
): Page<T> {
  const offset = offsetFromCursor(list, after)
  const nodes = items.slice(offset, offset + first)
  const end = offset + nodes.length
  return {
    nodes,
    totalCount: items.length,
    pageInfo: {
      hasNextPage: end < items.length,
      endCursor: nodes.length > 0 ? encodeCursor(list, [end]) : null,
    },
  }
}
