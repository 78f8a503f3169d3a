/** UniswapX fills: the swapper's activity, with the filler as counterparty. */
import { uniswapxFill } from 'ponder:schema'
import { foldActivity } from './activity.ts'
import { ponder } from './registry.ts'
import { lower, metaOf } from './store.ts'

ponder.on('UniswapX:Fill', async ({ event, context }) => {
  const chainId = context.network.chainId
  const { orderHash, filler, swapper, nonce } = event.args
  await context.db
    .insert(uniswapxFill)
    .values({
      id: `${chainId}:${orderHash}`,
      chainId,
      orderHash,
      filler: lower(filler),
      swapper: lower(swapper),
      nonce,
      txHash: event.transaction.hash,
      timestamp: Number(event.block.timestamp),
    })
    .onConflictDoNothing()
  await foldActivity(context.db, metaOf(chainId, event), swapper, 'SWAP', { counterparty: filler })
})
