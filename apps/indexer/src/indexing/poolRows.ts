/** Pool lookups the v2, v3 and v4 handlers share. */
import { pool } from 'ponder:schema'
import type { Hex } from 'viem'
import { type Db, lower, type PoolRow } from './store.ts'

export async function findPool(db: Db, chainId: number, id: Hex): Promise<PoolRow | undefined> {
  return (await db.find(pool, { chainId, id: lower(id) })) ?? undefined
}

export function inRange(p: PoolRow, tickLower: number, tickUpper: number): boolean {
  return p.tick !== null && tickLower <= p.tick && p.tick < tickUpper
}
