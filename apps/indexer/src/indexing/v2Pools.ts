/** Uniswap v2 pairs: creation, reserves, swaps, liquidity and LP-token holders. */
import { v2LpBalance } from 'ponder:schema'
import { type Hex, zeroAddress } from 'viem'
import { foldActivity } from './activity.ts'
import { createPool, findPool, setPoolPrice } from './poolRows.ts'
import { recordLiquidityEvent, recordSwap } from './pricing.ts'
import { ponder } from './registry.ts'
import { type Db, lower, metaOf } from './store.ts'

const V2_FEE = 3000

ponder.on('V2Factory:PairCreated', async ({ event, context }) => {
  const { token0, token1, pair } = event.args
  await createPool(context, event, [token0, token1], { id: lower(pair), version: 'v2', fee: V2_FEE })
})

ponder.on('V2Pair:Sync', async ({ event, context }) => {
  await setPoolPrice(context, event, { reserve0: event.args.reserve0, reserve1: event.args.reserve1 })
})

ponder.on('V2Pair:Swap', async ({ event, context }) => {
  const chainId = context.network.chainId
  const p = await findPool(context.db, chainId, event.log.address)
  if (!p) return
  const { amount0In, amount1In, amount0Out, amount1Out } = event.args
  const meta = metaOf(chainId, event)
  // Pool perspective: positive = into the pool.
  await recordSwap(context.db, p, meta, amount0In - amount0Out, amount1In - amount1Out, V2_FEE)
  await foldActivity(context.db, meta, event.transaction.from, 'SWAP', { pool: p.id })
})

/** A Mint (ADD) or Burn (REMOVE): the pool's liquidity event and the sender's activity. */
async function recordV2Liquidity(
  context: { db: Db; network: { chainId: number } },
  event: Parameters<typeof metaOf>[1] & { log: { address: Hex } },
  side: 'ADD' | 'REMOVE',
  amount0: bigint,
  amount1: bigint,
): Promise<void> {
  const chainId = context.network.chainId
  const p = await findPool(context.db, chainId, event.log.address)
  if (!p) return
  const meta = metaOf(chainId, event)
  const sign = side === 'ADD' ? 1n : -1n
  await recordLiquidityEvent(context.db, p, meta, side, sign * amount0, sign * amount1)
  await foldActivity(
    context.db,
    meta,
    event.transaction.from,
    side === 'ADD' ? 'LIQUIDITY_INCREASE' : 'LIQUIDITY_DECREASE',
    {
      pool: p.id,
    },
  )
}

ponder.on('V2Pair:Mint', async ({ event, context }) => {
  await recordV2Liquidity(context, event, 'ADD', event.args.amount0, event.args.amount1)
})

ponder.on('V2Pair:Burn', async ({ event, context }) => {
  await recordV2Liquidity(context, event, 'REMOVE', event.args.amount0, event.args.amount1)
})

/**
 * Holders of LP tokens that are no one's position: the zero address (mints come from it, burns go
 * to it, and the first mint locks MINIMUM_LIQUIDITY there) and the conventional dead address.
 */
const NOT_AN_LP_OWNER: ReadonlySet<Hex> = new Set([zeroAddress, '0x000000000000000000000000000000000000dead'])

ponder.on('V2Pair:Transfer', async ({ event, context }) => {
  const chainId = context.network.chainId
  const pair = lower(event.log.address)
  const { from, to, value } = event.args
  if (value === 0n || lower(from) === lower(to)) return
  const createdAt = Number(event.block.timestamp)
  const sender = lower(from)
  // The pair holds LP tokens only between a router's transfer to it and the burn: not a position.
  if (!NOT_AN_LP_OWNER.has(sender) && sender !== pair) {
    const key = { chainId, pair, owner: sender }
    if (await context.db.find(v2LpBalance, key))
      await context.db.update(v2LpBalance, key).set((row) => ({ amount: row.amount - value }))
  }
  const recipient = lower(to)
  if (!NOT_AN_LP_OWNER.has(recipient) && recipient !== pair) {
    await context.db
      .insert(v2LpBalance)
      .values({ chainId, pair, owner: recipient, amount: value, createdAt })
      .onConflictDoUpdate((row) => ({ amount: row.amount + value }))
  }
})
