/**
 * The filler: on every new block it reads the open orders from the order service, prices each
 * order's input through the network's pools (QuoterV2 per v3 fee tier, Router02 for the v2 pair)
 * and, when the best single-pool output meets the order's limit, fills it through our
 * SwapRouter02Executor: the reactor pulls the swapper's input with the signed permit, the executor
 * swaps it on that pool and the reactor pays the swapper. A limit order is filled as soon as the
 * market crosses its price; a decaying (gasless) order only once its decayed output leaves enough
 * of the pool's output to pay the fill's gas (estimated on the chain, priced in the output token
 * through the pools), so an unprofitable one waits for its decay or its deadline. Crossed orders of one pair are filled
 * together (up to 50 a transaction, one swap of their summed input). It keeps no state of its own: the
 * chain's nonces say what is filled (a fill of a used nonce fails its simulation and is never sent),
 * so a restarted filler neither loses nor repeats a fill. The order service records the fill from
 * the reactor's Fill event.
 */
import { type NetworkDeployment, swapRouter02ExecutorAbi } from '@oxbow/protocol'
import {
  createPublicClient,
  createWalletClient,
  encodeAbiParameters,
  type Hex,
  http,
  type PublicClient,
  parseAbiParameters,
  type WalletClient,
} from 'viem'
import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import type { Logger } from '../app.ts'
import { type FillerHeartbeat, fillerHeartbeatMessage } from './fillerLiveness.ts'
import { type FillableOrder, requiredOutput } from './fillerOrder.ts'
import { createFillPricer, type Route, swapCall } from './fillerPricing.ts'

export type { FillableOrder } from './fillerOrder.ts'
export type { Route } from './fillerPricing.ts'

/** Orders per fill transaction (about 150k gas each). */
const MAX_BATCH = 50
/** The gas limit a fill of `orders` orders is sent with. */
const fillGasLimit = (orders: number) => 400_000n + 200_000n * BigInt(orders)

export interface FillResult {
  readonly orderHash: Hex
  readonly txHash: Hex
  readonly blockNumber: bigint
  readonly route: Route
}

export interface Filler {
  /** One pass over the given open orders at the current block: fills every crossed one. */
  fillCrossed(orders: readonly FillableOrder[]): Promise<FillResult[]>
  /** Best single-pool output for the order's input now, or null when no pool quotes it. */
  bestRoute(order: FillableOrder): Promise<Route | null>
  readonly client: PublicClient
  readonly account: PrivateKeyAccount
  /**
   * A signed heartbeat for the order service (fillerLiveness.ts), or null when this filler could
   * not fill now: its network does not answer, or it holds less than a lone fill's gas.
   */
  heartbeat(): Promise<FillerHeartbeat | null>
}

export function createFiller(options: {
  readonly deployment: NetworkDeployment
  /** The filler's key; default the devnet's filler from the manifest. */
  readonly privateKey?: Hex
  readonly log: Logger
}): Filler {
  const { deployment, log } = options
  const orders = deployment.orders
  if (!orders) throw new Error(`${deployment.slug} has no order filling in the manifest`)
  const account = privateKeyToAccount(options.privateKey ?? orders.filler.privateKey)
  const transport = http(deployment.rpcUrl, { batch: { batchSize: 200, wait: 0 }, retryCount: 1 })
  const client = createPublicClient({ transport }) as PublicClient
  const wallet: WalletClient = createWalletClient({ account, transport })
  const { executor } = orders
  /** Orders sent and not yet mined: never sent twice by this process. */
  const inflight = new Set<Hex>()
  const { bestRoute, gasInOutput } = createFillPricer(client, deployment)

  /**
   * Fills orders of one pair in one transaction (`executeBatch`: the reactor pays every input to
   * the executor, which swaps their sum once and owes every output), a single order too.
   */
  async function fill(batch: readonly FillableOrder[], route: Route, now: number): Promise<FillResult[]> {
    const first = batch[0]
    if (!first) return []
    const amountIn = batch.reduce((sum, o) => sum + BigInt(o.input.amount), 0n)
    const minOut = batch.reduce((sum, o) => sum + requiredOutput(o, now), 0n)
    const callbackData = encodeAbiParameters(parseAbiParameters('address[], address[], bytes[]'), [
      [first.input.token],
      [first.output.token],
      [swapCall(first.input.token, first.output.token, amountIn, minOut, route, executor)],
    ])
    const signed = batch.map((o) => ({ order: o.encodedOrder, sig: o.signature }))
    const call = {
      account,
      address: executor,
      abi: swapRouter02ExecutorAbi,
      functionName: 'executeBatch',
      args: [signed, callbackData],
    } as const
    const hashes = batch.map((o) => o.orderHash)
    try {
      // The simulation is the chain's word: a used nonce, a passed deadline or a price that moved
      // back all revert here, and nothing is sent.
      if (first.decay) {
        // A decaying order is filled only once the route's surplus over what the orders are owed
        // pays the fill's gas (estimated on the chain, priced in the output token by the pools).
        const [gas, gasPrice] = await Promise.all([client.estimateContractGas(call), client.getGasPrice()])
        const cost = await gasInOutput(
          gas * gasPrice,
          first.input.token,
          first.output.token,
          amountIn,
          route.amountOut,
        )
        if (cost === null || route.amountOut - minOut < cost) {
          log.info('filler: not profitable yet', {
            orders: hashes,
            surplus: (route.amountOut - minOut).toString(),
            gasCost: cost?.toString() ?? 'unpriced',
          })
          return []
        }
      } else await client.simulateContract(call)
    } catch (error) {
      log.info('filler: not fillable now', {
        orders: hashes,
        reason: error instanceof Error ? error.message.split('\n')[0] : String(error),
      })
      return []
    }
    for (const hash of hashes) inflight.add(hash)
    try {
      const gas = fillGasLimit(batch.length)
      const txHash = await wallet.writeContract({ ...call, chain: null, gas })
      const receipt = await client.waitForTransactionReceipt({ hash: txHash, pollingInterval: 50 })
      if (receipt.status !== 'success') {
        log.error('filler: fill reverted', { orders: hashes, txHash })
        return []
      }
      log.info('filler: filled', {
        orders: hashes.length,
        txHash,
        block: Number(receipt.blockNumber),
        route: route.kind === 'v3' ? `v3/${route.fee}` : 'v2',
      })
      return hashes.map((orderHash) => ({ orderHash, txHash, blockNumber: receipt.blockNumber, route }))
    } finally {
      for (const hash of hashes) inflight.delete(hash)
    }
  }

  return {
    client,
    account,
    bestRoute,
    async heartbeat() {
      try {
        const [balance, gasPrice] = await Promise.all([
          client.getBalance({ address: account.address }),
          client.getGasPrice(),
        ])
        if (balance < fillGasLimit(1) * gasPrice) {
          log.error('filler: too little ETH for a fill, no heartbeat', { balance: balance.toString() })
          return null
        }
      } catch (error) {
        log.error('filler: network unreachable, no heartbeat', {
          error: error instanceof Error ? error.message.split('\n')[0] : String(error),
        })
        return null
      }
      const timestamp = Math.floor(Date.now() / 1000)
      const message = fillerHeartbeatMessage(deployment.chainId, timestamp)
      return { chainId: deployment.chainId, timestamp, signature: await account.signMessage({ message }) }
    },
    async fillCrossed(open) {
      const now = Math.floor(Date.now() / 1000)
      const candidates = open.filter(
        (o) => o.chainId === deployment.chainId && o.deadline > now && !inflight.has(o.orderHash),
      )
      const routes = await Promise.all(candidates.map((order) => bestRoute(order)))
      const crossed = candidates.filter((order, i) => {
        const route = routes[i]
        // a decaying order is filled as soon as its current output is covered by the pool
        return route !== null && route !== undefined && route.amountOut >= requiredOutput(order, now)
      })
      // Crossed orders of one pair go together, in batches; a batch that does not fill as a whole
      // (its summed swap moves the price too far, or one order is no longer valid) is retried
      // order by order. Batches go one after another: each moves the pool the next is priced on.
      const byPair = new Map<string, FillableOrder[]>()
      for (const order of crossed) {
        // decaying orders pay the fill's gas from their surplus, limit orders do not: never one batch
        const key = `${order.input.token}:${order.output.token}:${order.decay ? 'gasless' : 'limit'}`
        byPair.set(key, [...(byPair.get(key) ?? []), order])
      }
      const results: FillResult[] = []
      for (const orders of byPair.values()) {
        for (let i = 0; i < orders.length; i += MAX_BATCH) {
          const batch = orders.slice(i, i + MAX_BATCH)
          const first = batch[0] as FillableOrder
          const total = {
            ...first,
            input: {
              ...first.input,
              amount: batch.reduce((s, o) => s + BigInt(o.input.amount), 0n).toString(),
            },
          }
          const route = batch.length > 1 ? await bestRoute(total) : null
          const filled =
            route && route.amountOut >= batch.reduce((s, o) => s + requiredOutput(o, now), 0n)
              ? await fill(batch, route, now)
              : []
          if (filled.length > 0) {
            results.push(...filled)
            continue
          }
          for (const order of batch) {
            const single = await bestRoute(order)
            if (single && single.amountOut >= requiredOutput(order, now))
              results.push(...(await fill([order], single, now)))
          }
        }
      }
      return results
    },
  }
}
