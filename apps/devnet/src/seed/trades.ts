/**
 * One market trade: which pool, direction and size (history and simulator), and its execution
 * through the Universal Router.
 */
import { NATIVE_CURRENCY_ADDRESS } from '@oxbow/core'
import {
  byteString,
  type PoolKey,
  universalRouterAbi,
  urCommands,
  v2SwapInput,
  v3Path,
  v3SwapInput,
  v4ExactInSingleSwap,
} from '@oxbow/protocol'
import type { Address, Hex } from 'viem'
import type { Contracts } from '../deploy.ts'
import { amountForUsd } from '../math.ts'
import type { Sender } from '../rpc.ts'
import { DEADLINE, type LivePool } from './model.ts'

/** A Universal Router swap of `amountIn` of one side of a pool, from `trader`. */
export async function swapOnPool(
  sender: Sender,
  contracts: Contracts,
  pool: LivePool,
  trader: Address,
  zeroForOne: boolean,
  amountIn: bigint,
): Promise<Hex> {
  const [input, output] = zeroForOne ? [pool.c0, pool.c1] : [pool.c1, pool.c0]
  const swap = { recipient: trader, amount: amountIn, limit: 0n, payerIsUser: true }
  const { command, input: encoded } =
    pool.manifest.version === 'v2'
      ? {
          command: urCommands.V2_SWAP_EXACT_IN,
          input: v2SwapInput({ ...swap, path: [input.address, output.address] }),
        }
      : pool.manifest.version === 'v3'
        ? {
            command: urCommands.V3_SWAP_EXACT_IN,
            input: v3SwapInput({
              ...swap,
              path: v3Path([input.address, output.address], [pool.manifest.fee]),
            }),
          }
        : {
            command: urCommands.V4_SWAP,
            input: v4ExactInSingleSwap({
              poolKey: pool.key as PoolKey,
              zeroForOne,
              amountIn,
              amountOutMinimum: 0n,
            }),
          }
  return sender.write(
    trader,
    {
      address: contracts.universalRouter,
      abi: universalRouterAbi,
      functionName: 'execute',
      args: [byteString([command]), [encoded], DEADLINE],
      value: input.address === NATIVE_CURRENCY_ADDRESS ? amountIn : 0n,
      gas: 1_500_000n,
    },
    `swap ${pool.spec.version} ${input.key}->${output.key}`,
  )
}

/**
 * Picks a pool, direction and size for one market trade (history and simulator). `flow` tracks the
 * net USD sold into each pool's token0 so far; the direction leans against it, so prices wander
 * around their seed level instead of drifting away (stablecoins stay near $1).
 */
export function randomTrade(
  live: readonly LivePool[],
  random: () => number,
  flow: Map<LivePool, number> = new Map(),
): { pool: LivePool; zeroForOne: boolean; amountIn: bigint } {
  const pool = live[Math.floor(random() * live.length)] as LivePool
  const net = flow.get(pool) ?? 0
  const lean = Math.max(-0.4, Math.min(0.4, net / (0.04 * pool.spec.tvlUsd)))
  let zeroForOne = random() < 0.5 - lean
  // The honeypot can be bought, never sold.
  if (pool.c0.key === 'HONEY') zeroForOne = false
  if (pool.c1.key === 'HONEY') zeroForOne = true
  const input = zeroForOne ? pool.c0 : pool.c1
  const usd = Math.min(pool.spec.tvlUsd * (0.0005 + random() * 0.008), 250_000)
  flow.set(pool, net + (zeroForOne ? usd : -usd))
  return { pool, zeroForOne, amountIn: amountForUsd(usd, input.priceUsd, input.decimals) }
}
