/**
 * One network's pool graph in memory: read from chain at start (v2 reserves, v3 slot0/liquidity and
 * every initialized tick found through Mint events, v4 StateView slot0/liquidity/ticks found
 * through ModifyLiquidity events) and kept fresh by polling new blocks: the logs of the new blocks
 * name the touched pools, which are re-read. A chain that goes backwards (revert, reorg) is
 * reloaded whole. Only pools of the protocol versions the chain registry lists for the network are
 * read and routed (the devnet deploys v2 on Unichain Sepolia and v4 on ZKsync all the same).
 */
import { offersProtocolVersion } from '@oxbow/chains'
import { NATIVE_CURRENCY_ADDRESS } from '@oxbow/core'
import type { NetworkDeployment } from '@oxbow/protocol'
import { v3PoolAbi, v4PoolManagerAbi } from '@oxbow/protocol'
import { buildGraph, type PoolGraph, type PoolState, type RouteResult } from '@oxbow/routing'
import {
  type Address,
  createPublicClient,
  getAbiItem,
  type Hex,
  http,
  type PublicClient,
  type WebSocketTransport,
  webSocket,
} from 'viem'
import { fetchPoolState, type PoolRef } from './poolReads.ts'

/** After the WebSocket fails, head reads go over HTTP this long before it is tried again. */
const WS_RETRY_MS = 30_000

export interface NetworkStateOptions {
  readonly deployment: NetworkDeployment
  /** Tokens never routed, with the reason (fee-on-transfer, honeypot). */
  readonly excludedTokens: ReadonlyMap<Address, string>
  readonly pollMs?: number
  readonly log?: (message: string, fields?: Record<string, unknown>) => void
  /** Called with every new graph's pools (route threads keep their copy in step). */
  readonly onGraph?: (version: number, pools: readonly PoolState[]) => void
}

export class NetworkState {
  readonly deployment: NetworkDeployment
  readonly client: PublicClient
  /**
   * Reads the chain head for every quote: over the node's WebSocket (the same host and port,
   * ws:// for http://), where a read costs about a tenth of an HTTP one; HTTP when it fails.
   */
  private readonly headClient: PublicClient<WebSocketTransport>
  private wsFailedAt = Number.NEGATIVE_INFINITY
  private wsOpened = false
  graph: PoolGraph
  /** Increases with every rebuilt graph. */
  graphVersion = 0
  /** The last few graphs by version: routes found in a route thread refer to the graph they were found on. */
  readonly recentGraphs = new Map<number, PoolGraph>()
  /** Routes found on the current graph (cleared whenever the graph is rebuilt). */
  readonly routeCache = new Map<string, RouteResult>()
  blockNumber = 0n
  blockTimestamp = 0n
  gasPriceWei = 0n
  /**
   * The manifest's pools of the versions the registry offers on this network: the only ones read,
   * watched and routed.
   */
  readonly pools: readonly PoolRef[]
  /** Why a pool of the manifest is not routed (version not offered, read failures). */
  readonly poolProblems = new Map<string, string>()
  private readonly states = new Map<string, PoolState>()
  private readonly ticks = new Map<string, Set<number>>()
  private readonly byAddress = new Map<string, PoolRef>()
  private timer: NodeJS.Timeout | undefined
  /** The poll running now, if any: callers that need the state current wait for it. */
  private polling: Promise<void> | undefined
  /** The chain-head read in flight, and the one queued behind it (see {@link head}). */
  private headRead: Promise<bigint> | undefined
  private nextHeadRead: Promise<bigint> | undefined
  private readonly options: NetworkStateOptions

  constructor(options: NetworkStateOptions) {
    this.options = options
    this.deployment = options.deployment
    this.client = createPublicClient({
      transport: http(options.deployment.rpcUrl, { batch: { batchSize: 200, wait: 0 }, retryCount: 1 }),
    }) as PublicClient
    this.headClient = createPublicClient({
      transport: webSocket(options.deployment.rpcUrl.replace(/^http/, 'ws'), { retryCount: 0 }),
    })
    this.graph = buildGraph([], options.excludedTokens)
    const { slug } = options.deployment
    this.pools = options.deployment.pools.filter((pool) => offersProtocolVersion(slug, pool.version))
    for (const pool of options.deployment.pools) {
      if (!this.pools.includes(pool))
        this.poolProblems.set(this.idOf(pool), `${pool.version} is not offered on ${slug} (chain registry)`)
    }
    for (const pool of this.pools) this.byAddress.set(this.idOf(pool).toLowerCase(), pool)
  }

  private idOf(pool: PoolRef): string {
    return pool.version === 'v4' ? pool.poolId : pool.address
  }

  /** Whether any routed pool lives in the v4 PoolManager (whose logs name them). */
  private watchesV4(): boolean {
    return this.pools.some((p) => p.version === 'v4')
  }

  /** Reads every pool again (start-up, after a revert). */
  async reload(): Promise<void> {
    const block = await this.client.getBlock({ blockTag: 'latest' })
    this.ticks.clear()
    await this.discoverTicks(BigInt(this.deployment.startBlock), block.number)
    await Promise.all(this.pools.map((p) => this.readPool(p, block.number)))
    this.blockNumber = block.number
    this.blockTimestamp = block.timestamp
    this.gasPriceWei = await this.client.getGasPrice()
    this.rebuild()
  }

  /** Finds tick boundaries of every position minted in [from, to]. */
  private async discoverTicks(from: bigint, to: bigint): Promise<void> {
    const v3 = this.pools.filter((p) => p.version === 'v3').map((p) => p.address)
    const [mints, modifies] = await Promise.all([
      v3.length === 0
        ? []
        : this.client.getLogs({
            address: v3,
            event: getAbiItem({ abi: v3PoolAbi, name: 'Mint' }),
            fromBlock: from,
            toBlock: to,
          }),
      !this.watchesV4()
        ? []
        : this.client.getLogs({
            address: this.deployment.contracts.v4PoolManager,
            event: getAbiItem({ abi: v4PoolManagerAbi, name: 'ModifyLiquidity' }),
            fromBlock: from,
            toBlock: to,
          }),
    ])
    const add = (id: string, lower: number, upper: number) => {
      const set = this.ticks.get(id.toLowerCase()) ?? new Set<number>()
      set.add(lower)
      set.add(upper)
      this.ticks.set(id.toLowerCase(), set)
    }
    for (const log of mints) add(log.address, log.args.tickLower as number, log.args.tickUpper as number)
    for (const log of modifies)
      add(log.args.id as string, log.args.tickLower as number, log.args.tickUpper as number)
  }

  private async readPool(pool: PoolRef, blockNumber: bigint): Promise<void> {
    const id = this.idOf(pool)
    try {
      const state = await this.fetchPool(pool, blockNumber)
      this.states.set(id, state)
      this.poolProblems.delete(id)
    } catch (error) {
      this.states.delete(id)
      this.poolProblems.set(
        id,
        `could not read pool state: ${error instanceof Error ? error.message.split('\n')[0] : error}`,
      )
    }
  }

  private async fetchPool(pool: PoolRef, blockNumber: bigint): Promise<PoolState> {
    const tickList = [...(this.ticks.get(this.idOf(pool).toLowerCase()) ?? [])].sort((a, b) => a - b)
    return fetchPoolState(this.client, this.deployment.contracts.v4StateView, pool, tickList, blockNumber)
  }

  private rebuild(): void {
    const pools: PoolState[] = [...this.states.values()]
    pools.push({
      kind: 'wrap',
      id: `wrap:${this.deployment.contracts.weth9}`,
      token0: NATIVE_CURRENCY_ADDRESS,
      token1: this.deployment.contracts.weth9,
    })
    this.graph = buildGraph(pools, this.options.excludedTokens)
    this.graphVersion++
    this.recentGraphs.set(this.graphVersion, this.graph)
    this.recentGraphs.delete(this.graphVersion - 3)
    this.routeCache.clear()
    this.options.onGraph?.(this.graphVersion, pools)
  }

  /** Polls for new blocks; touched pools are re-read. */
  start(): void {
    const ms = this.options.pollMs ?? 250
    this.timer = setInterval(() => {
      void this.poll()
    }, ms)
    this.timer.unref()
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer)
    this.timer = undefined
    // the head reads' socket, if one was opened
    if (this.wsOpened) {
      this.wsOpened = false
      void this.headClient.transport.getRpcClient().then(
        (socket) => socket.close(),
        () => {},
      )
    }
  }

  /**
   * The chain's head block number, read after this call began: a read already in flight may
   * predate a block the caller knows of (a client that just got its receipt), so callers arriving
   * during one share the next read. Concurrent quotes share reads: one runs at a time, one waits.
   */
  private head(): Promise<bigint> {
    if (!this.headRead) {
      const read = this.readHead()
      this.headRead = read
      const done = () => {
        if (this.headRead === read) this.headRead = undefined
      }
      read.then(done, done)
      return read
    }
    if (!this.nextHeadRead) {
      const next = this.headRead
        .catch(() => 0n)
        .then(() => {
          this.nextHeadRead = undefined
          return this.head()
        })
      this.nextHeadRead = next
    }
    return this.nextHeadRead
  }

  private async readHead(): Promise<bigint> {
    if (performance.now() - this.wsFailedAt > WS_RETRY_MS) {
      try {
        this.wsOpened = true
        return await this.headClient.getBlockNumber({ cacheTime: 0 })
      } catch {
        this.wsFailedAt = performance.now()
      }
    }
    return this.client.getBlockNumber({ cacheTime: 0 })
  }

  /**
   * Resolves once the pool state reflects the chain head as of this call: a quote priced right
   * after a trade is priced on the trade's block, not on the one before (the poll may be up to
   * `pollMs` behind). If the head cannot be read, the state stays as it is.
   */
  async current(): Promise<void> {
    let head: bigint
    try {
      head = await this.head()
    } catch {
      return
    }
    // behind the head (or a chain that went backwards: the poll reloads it)
    if (head < this.blockNumber) return this.poll()
    // a poll may be running for an older head: wait for it, then catch up if still behind
    for (let tries = 0; tries < 3 && this.blockNumber < head; tries++) await this.poll()
  }

  /** Brings the graph up to the latest block. Concurrent callers share the poll running now. */
  poll(): Promise<void> {
    if (!this.polling) {
      const run = this.pollOnce()
      this.polling = run
      void run.finally(() => {
        if (this.polling === run) this.polling = undefined
      })
    }
    return this.polling
  }

  private async pollOnce(): Promise<void> {
    try {
      const block = await this.client.getBlock({ blockTag: 'latest' })
      if (block.number < this.blockNumber) {
        this.options.log?.('trading: chain went backwards, reloading pools', {
          network: this.deployment.slug,
        })
        await this.reload()
        return
      }
      if (block.number === this.blockNumber) return
      const from = this.blockNumber + 1n
      const addresses = [
        ...this.pools.flatMap((p) => (p.version === 'v4' ? [] : [p.address])),
        ...(this.watchesV4() ? [this.deployment.contracts.v4PoolManager] : []),
      ]
      const logs = await this.client.getLogs({
        address: addresses as Address[],
        fromBlock: from,
        toBlock: block.number,
      })
      const touched = new Set<PoolRef>()
      for (const log of logs) {
        const direct = this.byAddress.get(log.address.toLowerCase())
        if (direct) touched.add(direct)
        else if (log.topics[1]) {
          const v4 = this.byAddress.get((log.topics[1] as Hex).toLowerCase())
          if (v4) touched.add(v4)
        }
      }
      if (touched.size > 0) {
        await this.discoverTicks(from, block.number)
        await Promise.all([...touched].map((p) => this.readPool(p, block.number)))
      }
      this.blockNumber = block.number
      this.blockTimestamp = block.timestamp
      this.gasPriceWei = await this.client.getGasPrice()
      if (touched.size > 0) this.rebuild()
    } catch (error) {
      this.options.log?.('trading: block poll failed', {
        network: this.deployment.slug,
        error: error instanceof Error ? error.message.split('\n')[0] : String(error),
      })
    }
  }
}
