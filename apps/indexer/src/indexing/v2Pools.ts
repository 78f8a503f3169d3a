/** Uniswap v2 pairs: creation, reserves, swaps, liquidity and LP-token holders. */
import { v2LiquidityContext, v2LpBalance } from 'ponder:schema'
import { v2FeesWithin, v2Invariant } from '@oxbow/routing/v2Liquidity'
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

type LpKey = { chainId: number; pair: Hex; owner: Hex }

const contextId = (chainId: number, txHash: Hex, pair: Hex, kind: 'mint' | 'burn') =>
  `${chainId}:${txHash}:${pair}:${kind}`

/** Takes the transaction's pending mint or burn of the pair (see v2LiquidityContext), if any. */
async function takeContext(db: Db, id: string) {
  const row = await db.find(v2LiquidityContext, { id })
  if (row) await db.delete(v2LiquidityContext, { id })
  return row
}

ponder.on('V2Pair:Mint', async ({ event, context }) => {
  const { amount0, amount1 } = event.args
  await recordV2Liquidity(context, event, 'ADD', amount0, amount1)
  const chainId = context.network.chainId
  const pair = lower(event.log.address)
  const mint = await takeContext(context.db, contextId(chainId, event.transaction.hash, pair, 'mint'))
  if (!mint) return
  const key: LpKey = { chainId, pair, owner: mint.owner }
  if (!(await context.db.find(v2LpBalance, key))) return
  // The recipient paid the whole Mint (on the first, the locked MINIMUM_LIQUIDITY included).
  await context.db.update(v2LpBalance, key).set((row) => ({
    deposited0: row.deposited0 + amount0,
    deposited1: row.deposited1 + amount1,
    basis0: row.basis0 + amount0,
    basis1: row.basis1 + amount1,
    basisInvariant: row.basisInvariant + v2Invariant(amount0, amount1),
  }))
})

ponder.on('V2Pair:Burn', async ({ event, context }) => {
  const { amount0, amount1 } = event.args
  await recordV2Liquidity(context, event, 'REMOVE', amount0, amount1)
  const chainId = context.network.chainId
  const pair = lower(event.log.address)
  const burn = await takeContext(context.db, contextId(chainId, event.transaction.hash, pair, 'burn'))
  if (!burn) return
  const key: LpKey = { chainId, pair, owner: burn.owner }
  const row = await context.db.find(v2LpBalance, key)
  if (!row) return
  // The Transfer to the pair already took the LP tokens off the balance.
  const out = basisShare(row, burn.liquidity, row.amount + burn.liquidity)
  const fees = v2FeesWithin(amount0, amount1, out.invariant)
  await context.db.update(v2LpBalance, key).set((r) => ({
    withdrawn0: r.withdrawn0 + amount0,
    withdrawn1: r.withdrawn1 + amount1,
    fees0: r.fees0 + fees.fees0,
    fees1: r.fees1 + fees.fees1,
    basis0: r.basis0 - out.basis0,
    basis1: r.basis1 - out.basis1,
    basisInvariant: r.basisInvariant - out.invariant,
  }))
})

/** The basis `liquidity` of `held` LP tokens carries (pro rata, rounded down). */
function basisShare(
  row: { basis0: bigint; basis1: bigint; basisInvariant: bigint },
  liquidity: bigint,
  held: bigint,
): { basis0: bigint; basis1: bigint; invariant: bigint } {
  if (held <= 0n) return { basis0: 0n, basis1: 0n, invariant: 0n }
  const part = liquidity >= held ? held : liquidity
  return {
    basis0: (row.basis0 * part) / held,
    basis1: (row.basis1 * part) / held,
    invariant: (row.basisInvariant * part) / held,
  }
}

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
  const recipient = lower(to)
  const txHash = event.transaction.hash
  const isOwner = (a: Hex) => !NOT_AN_LP_OWNER.has(a) && a !== pair
  // The basis the tokens carry away: to the pair it waits for the burn (which withdraws it); to
  // another owner it moves with them; to the zero or dead address it is given up.
  let moved = { basis0: 0n, basis1: 0n, invariant: 0n }
  // The pair holds LP tokens only between a router's transfer to it and the burn: not a position.
  if (isOwner(sender)) {
    const key = { chainId, pair, owner: sender }
    const row = await context.db.find(v2LpBalance, key)
    if (row) {
      if (recipient === pair) {
        await context.db
          .insert(v2LiquidityContext)
          .values({ id: contextId(chainId, txHash, pair, 'burn'), owner: sender, liquidity: value })
          .onConflictDoUpdate((r) => ({ liquidity: r.liquidity + value }))
        await context.db.update(v2LpBalance, key).set((r) => ({ amount: r.amount - value }))
      } else {
        moved = basisShare(row, value, row.amount)
        await context.db.update(v2LpBalance, key).set((r) => ({
          amount: r.amount - value,
          deposited0: r.deposited0 - moved.basis0,
          deposited1: r.deposited1 - moved.basis1,
          basis0: r.basis0 - moved.basis0,
          basis1: r.basis1 - moved.basis1,
          basisInvariant: r.basisInvariant - moved.invariant,
        }))
      }
    }
  }
  if (isOwner(recipient)) {
    if (sender === zeroAddress) {
      await context.db
        .insert(v2LiquidityContext)
        .values({ id: contextId(chainId, txHash, pair, 'mint'), owner: recipient, liquidity: value })
        .onConflictDoUpdate({ owner: recipient, liquidity: value })
    }
    await context.db
      .insert(v2LpBalance)
      .values({
        chainId,
        pair,
        owner: recipient,
        amount: value,
        createdAt,
        deposited0: moved.basis0,
        deposited1: moved.basis1,
        basis0: moved.basis0,
        basis1: moved.basis1,
        basisInvariant: moved.invariant,
      })
      .onConflictDoUpdate((row) => ({
        amount: row.amount + value,
        deposited0: row.deposited0 + moved.basis0,
        deposited1: row.deposited1 + moved.basis1,
        basis0: row.basis0 + moved.basis0,
        basis1: row.basis1 + moved.basis1,
        basisInvariant: row.basisInvariant + moved.invariant,
      }))
  }
})
