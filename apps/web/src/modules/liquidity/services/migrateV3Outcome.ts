import { nonfungiblePositionManagerAbi } from '@oxbow/protocol/abis'
import {
  type Address,
  decodeEventLog,
  erc20Abi,
  erc721Abi,
  type Hex,
  isAddressEqual,
  zeroAddress,
} from 'viem'
import { liquidityContracts, publicClientFor } from './chain.ts'

/** What the confirmed v3 -> v4 migration did: collected from v3, refunded to the wallet, the new NFT. */
export interface V3MigrationOutcome {
  readonly moved0: bigint
  readonly moved1: bigint
  readonly refund0: bigint
  readonly refund1: bigint
  readonly href: string | null
}

/**
 * What a confirmed v3 -> v4 migration did, from its receipt: the v3 `Collect` (in the v4 order), the
 * sweep's transfers back to the owner and the new v4 NFT.
 * A native refund leaves no log: it is the owner's balance change over the block plus the gas paid.
 */
export async function readV3MigrationOutcome(
  p: {
    readonly network: string
    readonly owner: Address
    /** The pair in the v4 pool's order; token0 the zero address for the native currency. */
    readonly token0: Address
    readonly token1: Address
    /** The v4 order turned the v3 pair over (WETH9 was token1, now native currency0). */
    readonly flipped: boolean
  },
  hash: Hex,
): Promise<V3MigrationOutcome | null> {
  const { nonfungiblePositionManager: npm, v4PositionManager: posm } = liquidityContracts(p.network)
  const client = publicClientFor(p.network)
  const receipt = await client?.getTransactionReceipt({ hash }).catch(() => null)
  if (!receipt) return null
  const result = { moved0: 0n, moved1: 0n, refund0: 0n, refund1: 0n, href: null as string | null }
  let collected0 = 0n
  let collected1 = 0n
  for (const log of receipt.logs) {
    if (npm && isAddressEqual(log.address, npm)) {
      try {
        const event = decodeEventLog({
          abi: nonfungiblePositionManagerAbi,
          data: log.data,
          topics: log.topics,
        })
        if (event.eventName !== 'Collect') continue
        collected0 += event.args.amount0
        collected1 += event.args.amount1
      } catch {}
    } else if (posm && isAddressEqual(log.address, posm)) {
      try {
        const event = decodeEventLog({ abi: erc721Abi, data: log.data, topics: log.topics })
        if (event.eventName === 'Transfer' && isAddressEqual(event.args.from, zeroAddress))
          result.href = `/positions/v4/${p.network}/${event.args.tokenId}`
      } catch {}
    } else {
      // The sweep: a token of the pair sent from the PositionManager back to the owner.
      try {
        const event = decodeEventLog({ abi: erc20Abi, data: log.data, topics: log.topics })
        if (
          event.eventName !== 'Transfer' ||
          !posm ||
          !isAddressEqual(event.args.from, posm) ||
          !isAddressEqual(event.args.to, p.owner)
        )
          continue
        if (isAddressEqual(log.address, p.token0)) result.refund0 += event.args.value
        if (isAddressEqual(log.address, p.token1)) result.refund1 += event.args.value
      } catch {}
    }
  }
  // The v3 Collect is in the v3 pool's order.
  result.moved0 = p.flipped ? collected1 : collected0
  result.moved1 = p.flipped ? collected0 : collected1
  if (isAddressEqual(p.token0, zeroAddress) && client) {
    // The native sweep leaves no log: the owner's balance change plus the gas paid.
    const [before, afterTx] = await Promise.all([
      client.getBalance({ address: p.owner, blockNumber: receipt.blockNumber - 1n }),
      client.getBalance({ address: p.owner, blockNumber: receipt.blockNumber }),
    ]).catch(() => [0n, 0n])
    result.refund0 = afterTx - before + receipt.gasUsed * receipt.effectiveGasPrice
  }
  return result
}
