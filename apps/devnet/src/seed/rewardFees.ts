/**
 * The fees a v3 position earned in a window of blocks, read from the chain's history, for the LP
 * rewards epochs (rewards.ts). What a position owes its owner (`collect` called at a block: fees
 * not yet collected plus liquidity removed and not yet collected) moves only three ways: fees
 * accrue, `decreaseLiquidity` adds the principal it removes, `collect` pays out. So the fees earned
 * in (from, to] are owed(to) − owed(from) + Σ Collect − Σ DecreaseLiquidity over the window's
 * events, whatever trades, adds, removes and collects the history holds.
 */
import { nonfungiblePositionManagerAbi } from '@oxbow/protocol'
import {
  type Address,
  decodeFunctionResult,
  encodeEventTopics,
  encodeFunctionData,
  type Hex,
  maxUint128,
  parseEventLogs,
  toHex,
} from 'viem'
import type { Sender } from '../rpc.ts'

/** A window of blocks: fees earned after `from`'s state up to `to`'s. */
export interface BlockWindow {
  readonly from: number
  readonly to: number
}

/** The last block whose timestamp is at most `timestamp` (timestamps only grow). */
export async function blockAtOrBefore(sender: Sender, timestamp: number): Promise<number> {
  const latest = Number.parseInt(await sender.request<Hex>('eth_blockNumber'), 16)
  const timeOf = async (n: number) =>
    Number.parseInt(
      (await sender.request<{ timestamp: Hex }>('eth_getBlockByNumber', [toHex(n), false])).timestamp,
      16,
    )
  let [low, high] = [0, latest]
  while (low < high) {
    const mid = Math.ceil((low + high) / 2)
    if ((await timeOf(mid)) <= timestamp) low = mid
    else high = mid - 1
  }
  return low
}

/** The fees (token0, token1) position `tokenId` earned in `window`. */
export async function feesEarned(
  sender: Sender,
  npm: Address,
  tokenId: bigint,
  window: BlockWindow,
): Promise<[bigint, bigint]> {
  const [end0, end1] = await owedAt(sender, npm, tokenId, window.to)
  const [start0, start1] = await owedAt(sender, npm, tokenId, window.from)
  let [earned0, earned1] = [end0 - start0, end1 - start1]
  const logs = await sender.request<Parameters<typeof parseEventLogs>[0]['logs']>('eth_getLogs', [
    {
      address: npm,
      fromBlock: toHex(window.from + 1),
      toBlock: toHex(window.to),
      topics: [
        [
          ...encodeEventTopics({ abi: nonfungiblePositionManagerAbi, eventName: 'Collect' }),
          ...encodeEventTopics({ abi: nonfungiblePositionManagerAbi, eventName: 'DecreaseLiquidity' }),
        ],
        toHex(tokenId, { size: 32 }),
      ],
    },
  ])
  for (const log of parseEventLogs({
    abi: nonfungiblePositionManagerAbi,
    eventName: ['Collect', 'DecreaseLiquidity'],
    logs,
  })) {
    const sign = log.eventName === 'Collect' ? 1n : -1n
    earned0 += sign * log.args.amount0
    earned1 += sign * log.args.amount1
  }
  if (earned0 < 0n || earned1 < 0n) throw new Error(`rewards: position ${tokenId} earned negative fees`)
  return [earned0, earned1]
}

/** What `collect` would pay the position's owner at the end of `block` (a call, nothing sent). */
async function owedAt(
  sender: Sender,
  npm: Address,
  tokenId: bigint,
  block: number,
): Promise<[bigint, bigint]> {
  const tag = toHex(block)
  const owner = decodeFunctionResult({
    abi: nonfungiblePositionManagerAbi,
    functionName: 'ownerOf',
    data: await sender.request<Hex>('eth_call', [
      {
        to: npm,
        data: encodeFunctionData({
          abi: nonfungiblePositionManagerAbi,
          functionName: 'ownerOf',
          args: [tokenId],
        }),
      },
      tag,
    ]),
  })
  const data = encodeFunctionData({
    abi: nonfungiblePositionManagerAbi,
    functionName: 'collect',
    args: [{ tokenId, recipient: owner, amount0Max: maxUint128, amount1Max: maxUint128 }],
  })
  const result = await sender.request<Hex>('eth_call', [{ from: owner, to: npm, data }, tag])
  const [amount0, amount1] = decodeFunctionResult({
    abi: nonfungiblePositionManagerAbi,
    functionName: 'collect',
    data: result,
  })
  return [amount0, amount1]
}
