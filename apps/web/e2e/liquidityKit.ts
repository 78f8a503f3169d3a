/**
 * Set-up of the liquidity suites and benchmark (issue #13): the stack they run on (devnet ethereum,
 * indexer, web app with the liquidity contracts, Chromium); account 0 of a running devnet mints a v3
 * position and trades through its pool (fees in both tokens), and mints a v4 position through
 * Permit2 whose allowances are then revoked; then the indexer is awaited until it lists them.
 */
import assert from 'node:assert/strict'
import type { NetworkSlug } from '@oxbow/chains'
import { type Devnet, type DevnetClients, devnetClients, startDevnet, whyReverted } from '@oxbow/devnet'
import type { NetworkDeployment } from '@oxbow/protocol'
import {
  erc20Abi,
  erc721Abi,
  nonfungiblePositionManagerAbi,
  PERMIT2_ADDRESS,
  type PoolKey,
  permit2Abi,
  poolIdOf,
  swapRouter02Abi,
  v2Router02Abi,
  v3PoolAbi,
  v4MintPayload,
  v4PositionManagerAbi,
  v4StateViewAbi,
  weth9Abi,
} from '@oxbow/protocol'
import type { Browser, Page } from 'playwright-core'
import {
  type Address,
  decodeEventLog,
  type Hex,
  maxUint256,
  type PublicClient,
  parseEther,
  parseUnits,
} from 'viem'
import { liquidityContracts } from '../server/runtimeConfig.ts'
import { launchChromium, type RunningWeb, startWeb } from '../test/harness.ts'
import { type RunningIndexer, startIndexer } from './indexer.ts'
import { type WatchedPageOptions, withWatchedPage } from './support.ts'
import { ACCOUNT_0, seededToken } from './swapKit.ts'

export interface LiquidityStackPorts {
  readonly devnetPortBase: number
  readonly indexer: number
  readonly web: number
}

export interface LiquidityStack {
  readonly devnet: Devnet
  readonly indexer: RunningIndexer
  readonly web: RunningWeb
  readonly browser: Browser
  /** The devnet's ethereum network. */
  readonly deployment: NetworkDeployment
  readonly rpcUrl: string
  readonly chainId: number
  /** Stops what was started, browser first. */
  stop(): Promise<void>
}

/**
 * Starts a devnet serving ethereum, runs `seed` on it (before the indexer starts, so the indexer
 * finds it in the history), then the indexer, the built app configured with the liquidity contracts,
 * and Chromium. What started is stopped again when a later part fails.
 */
export async function startLiquidityStack(
  ports: LiquidityStackPorts,
  seed: (devnet: Devnet) => Promise<void> = async () => {},
  /** Networks the devnet serves besides ethereum (RPC in the app's config; only ethereum is indexed). */
  more: readonly NetworkSlug[] = [],
): Promise<LiquidityStack> {
  const stops: (() => Promise<unknown>)[] = []
  const stop = async () => {
    for (const step of stops.reverse()) await step().catch(() => {})
  }
  try {
    const devnet = await startDevnet({ networks: ['ethereum', ...more], portBase: ports.devnetPortBase })
    stops.push(() => devnet.stop())
    const deployment = devnet.manifest.networks.ethereum
    assert.ok(deployment, 'the devnet serves ethereum')
    await seed(devnet)
    const indexer = await startIndexer({
      manifestPath: devnet.manifestPath,
      port: ports.indexer,
      networks: ['ethereum'],
    })
    stops.push(() => indexer.stop())
    const web = await startWeb({
      port: ports.web,
      config: {
        environment: 'local',
        rpcUrls: Object.fromEntries(
          Object.entries(devnet.manifest.networks).map(([slug, d]) => [slug, d.rpcUrl]),
        ),
        graphqlUrl: indexer.url,
        contracts: liquidityContracts(devnet.manifest),
      },
    })
    stops.push(() => web.close())
    const browser = await launchChromium()
    stops.push(() => browser.close())
    return {
      devnet,
      indexer,
      web,
      browser,
      deployment,
      rpcUrl: deployment.rpcUrl,
      chainId: deployment.chainId,
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}

/** Waits until the page's liquidity transaction is confirmed; its hash. */
/**
 * Opens `path` of the stack's app (`width` × 900, 1280 wide unless given) with `withWatchedPage`,
 * the injected test `wallet` (account 0 unless it names another) on the stack's network.
 */
export function withLiquidityPage(
  stack: LiquidityStack,
  path: string,
  run: (page: Page) => Promise<void>,
  options: {
    wallet: { name: string; rdns: string; account?: Address }
    width?: number
  } & Pick<WatchedPageOptions, 'connect' | 'expected'>,
): Promise<void> {
  const { wallet, width = 1280, ...rest } = options
  return withWatchedPage(stack.browser, stack.web.url + path, run, {
    context: { viewport: { width, height: 900 } },
    wallet: { ...wallet, account: wallet.account ?? ACCOUNT_0, chains: [[stack.chainId, stack.rpcUrl]] },
    ...rest,
  })
}

/**
 * Account 0 provides 1 ETH of v2 liquidity to the `token`/native pair on chain (the router approved
 * for the token first; 10^12 token units at most), each transaction checked successful.
 */
export async function addV2EthLiquidity(
  { public: client, wallet }: DevnetClients,
  router: Address,
  token: Address,
): Promise<void> {
  const send = async (hash: Promise<Hex>) => {
    const receipt = await client.waitForTransactionReceipt({ hash: await hash })
    assert.equal(receipt.status, 'success')
  }
  await send(
    wallet.writeContract({
      address: token,
      abi: erc20Abi,
      functionName: 'approve',
      args: [router, maxUint256],
    }),
  )
  await send(
    wallet.writeContract({
      address: router,
      abi: v2Router02Abi,
      functionName: 'addLiquidityETH',
      args: [token, 10n ** 12n, 0n, 0n, ACCOUNT_0, BigInt(Math.floor(Date.now() / 1000) + 600)],
      value: parseEther('1'),
    }),
  )
}

export async function confirmedLiquidityTx(page: Page, timeout = 60_000): Promise<Hex> {
  const status = page.locator('[data-testid="liquidity-tx-status"][data-state="confirmed"]')
  await status.waitFor({ timeout })
  return (await status.getAttribute('data-hash')) as Hex
}

/** The token id in the page's link to the position it created (`/positions/{version}/ethereum/{id}`). */
export async function createdPositionId(page: Page, version: 'v3' | 'v4'): Promise<bigint> {
  const href = (await page.locator('[data-testid="created-position"]').getAttribute('href')) ?? ''
  const match = new RegExp(`^/positions/${version}/ethereum/(\\d+)$`).exec(href)
  assert.ok(match, `links to the new position (${href})`)
  const id = BigInt(match[1] ?? '')
  assert.ok(id > 0n, href)
  return id
}

/** What every transaction mined after block `since` paid for gas (the flow's approvals and its action). */
export async function gasSince(client: PublicClient, since: bigint): Promise<bigint> {
  let gas = 0n
  for (let n = since + 1n; n <= (await client.getBlockNumber()); n++) {
    const block = await client.getBlock({ blockNumber: n, includeTransactions: true })
    for (const t of block.transactions) {
      const receipt = await client.getTransactionReceipt({ hash: t.hash })
      gas += receipt.gasUsed * receipt.effectiveGasPrice
    }
  }
  return gas
}

/** Reads of positions from the v3 (`npm`) and v4 (`posm`) position managers. */
export function positionManagers(
  client: PublicClient,
  managers: { readonly npm: Address; readonly posm: Address },
) {
  return {
    v3Position: (id: bigint) =>
      client.readContract({
        address: managers.npm,
        abi: nonfungiblePositionManagerAbi,
        functionName: 'positions',
        args: [id],
      }),
    v4PositionInfo: (id: bigint) =>
      client.readContract({
        address: managers.posm,
        abi: v4PositionManagerAbi,
        functionName: 'getPoolAndPositionInfo',
        args: [id],
      }),
    v4PositionLiquidity: (id: bigint) =>
      client.readContract({
        address: managers.posm,
        abi: v4PositionManagerAbi,
        functionName: 'getPositionLiquidity',
        args: [id],
      }),
    ownerOf: (manager: 'npm' | 'posm', id: bigint) =>
      client.readContract({
        address: managers[manager],
        abi: erc721Abi,
        functionName: 'ownerOf',
        args: [id],
      }),
  }
}

/** The seeded WETH, USDC and UNI, and the v3 and v4 contracts the create and migrate suites use. */
export function liquidityAddresses(deployment: NetworkDeployment) {
  const token = (symbol: string) => seededToken(deployment, symbol)
  return {
    tokens: { weth: token('WETH'), usdc: token('USDC'), uni: token('UNI') },
    contracts: {
      npm: deployment.contracts.nonfungiblePositionManager,
      posm: deployment.contracts.v4PositionManager,
      stateView: deployment.contracts.v4StateView,
      v3Factory: deployment.contracts.v3Factory,
    },
  }
}

export interface LiquidityContracts {
  readonly npm: Address
  readonly posm: Address
  readonly weth: Address
  readonly usdc: Address
  readonly router: Address
  readonly pool: Address
}

export interface LiquidityFixture {
  readonly rpcUrl: string
  readonly chainId: number
  readonly contracts: LiquidityContracts
  /** The v3 WETH/USDC 0.3% position account 0 minted. */
  readonly tokenId: bigint
  /** The v4 native/USDC 0.05% position account 0 minted, its Permit2 allowances revoked. */
  readonly v4TokenId: bigint
  readonly v4Key: PoolKey
}

let devnet: Devnet
let contracts: LiquidityContracts
const clients = () => devnetClients(devnet.manifest, 'ethereum', 0)

/** Mints both positions on the devnet's ethereum network and earns the v3 one fees. */
export async function setUpPositions(running: Devnet): Promise<LiquidityFixture> {
  devnet = running
  const deployment = devnet.manifest.networks.ethereum
  assert.ok(deployment, 'the devnet serves ethereum')
  const weth = seededToken(deployment, 'WETH')
  const usdc = seededToken(deployment, 'USDC')
  const pool = deployment.pools.find(
    (p) => p.version === 'v3' && 'fee' in p && p.fee === 3000 && p.token0 === weth && p.token1 === usdc,
  )
  assert.ok(pool && 'address' in pool, 'a WETH/USDC 0.3% v3 pool is seeded')
  contracts = {
    npm: deployment.contracts.nonfungiblePositionManager,
    posm: deployment.contracts.v4PositionManager,
    weth,
    usdc,
    router: deployment.contracts.swapRouter02,
    pool: pool.address as Address,
  }
  const tokenId = await mintAndTrade()
  const [v4TokenId, v4Key] = await mintV4()
  return { rpcUrl: deployment.rpcUrl, chainId: deployment.chainId, contracts, tokenId, v4TokenId, v4Key }
}

/** Account 0 mints a v3 position around the current price, then trades through its pool both ways. */
/** Account 0 sends the transaction and waits for its receipt; a revert fails with its reason. */
async function send(request: Parameters<ReturnType<typeof clients>['wallet']['writeContract']>[0]) {
  const { public: client, wallet } = clients()
  const receipt = await client.waitForTransactionReceipt({ hash: await wallet.writeContract(request) })
  if (receipt.status !== 'success') assert.fail(await whyReverted(client, receipt))
  return receipt
}

async function mintAndTrade(): Promise<bigint> {
  const { public: client } = clients()
  await send({
    address: contracts.weth,
    abi: weth9Abi,
    functionName: 'deposit',
    value: parseEther('20'),
  } as never)
  for (const spender of [contracts.npm, contracts.router]) {
    for (const tokenAddress of [contracts.weth, contracts.usdc]) {
      await send({
        address: tokenAddress,
        abi: erc20Abi,
        functionName: 'approve',
        args: [spender, maxUint256],
      } as never)
    }
  }
  const [, tick] = await client.readContract({
    address: contracts.pool,
    abi: v3PoolAbi,
    functionName: 'slot0',
  })
  const spacing = 60
  const tickLower = Math.floor(tick / spacing) * spacing - 10 * spacing
  const tickUpper = Math.floor(tick / spacing) * spacing + 10 * spacing
  const receipt = await send({
    address: contracts.npm,
    abi: nonfungiblePositionManagerAbi,
    functionName: 'mint',
    args: [
      {
        token0: contracts.weth,
        token1: contracts.usdc,
        fee: 3000,
        tickLower,
        tickUpper,
        amount0Desired: parseEther('5'),
        amount1Desired: parseUnits('100000', 6),
        amount0Min: 0n,
        amount1Min: 0n,
        recipient: ACCOUNT_0,
        deadline: 2n ** 40n,
      },
    ],
  } as never)
  let minted: bigint | undefined
  for (const log of receipt.logs) {
    if (log.address.toLowerCase() !== contracts.npm.toLowerCase()) continue
    try {
      const event = decodeEventLog({ abi: nonfungiblePositionManagerAbi, data: log.data, topics: log.topics })
      if (event.eventName === 'IncreaseLiquidity') minted = event.args.tokenId
    } catch {}
  }
  assert.ok(minted !== undefined, 'the mint names its token id')
  // Both directions, so the position earns fees in WETH and in USDC.
  await tradeThroughPool([
    [contracts.weth, contracts.usdc, parseEther('1')],
    [contracts.usdc, contracts.weth, parseUnits('2000', 6)],
  ])
  return minted
}

/** Account 0 trades through the WETH/USDC 0.3% v3 pool: each trade `[tokenIn, tokenOut, amountIn]`. */
export async function tradeThroughPool(
  trades: readonly (readonly [Address, Address, bigint])[],
): Promise<void> {
  for (const [tokenIn, tokenOut, amountIn] of trades) {
    await send({
      address: contracts.router,
      abi: swapRouter02Abi,
      functionName: 'exactInputSingle',
      args: [
        {
          tokenIn,
          tokenOut,
          fee: 3000,
          recipient: ACCOUNT_0,
          amountIn,
          amountOutMinimum: 0n,
          sqrtPriceLimitX96: 0n,
        },
      ],
      // A fixed limit: the estimate is made on the last block, and the swap can cost more in the
      // next one (the pool writes an oracle observation once per block timestamp).
      gas: 400_000n,
    } as never)
  }
}

/**
 * Account 0 mints a v4 position in the native/USDC 0.05% pool through Permit2, then revokes both
 * allowances (USDC to Permit2, Permit2 to the PositionManager) so the app has to give them again.
 */
async function mintV4(): Promise<[bigint, PoolKey]> {
  const deployment = devnet.manifest.networks.ethereum
  assert.ok(deployment)
  const pool = deployment.pools.find(
    (p) =>
      p.version === 'v4' &&
      'currency0' in p &&
      p.currency0 === '0x0000000000000000000000000000000000000000' &&
      p.currency1 === contracts.usdc &&
      p.hooks === '0x0000000000000000000000000000000000000000',
  )
  assert.ok(pool && 'currency0' in pool, 'a native/USDC v4 pool without hook is seeded')
  const key: PoolKey = {
    currency0: pool.currency0 as Address,
    currency1: pool.currency1 as Address,
    fee: pool.fee,
    tickSpacing: pool.tickSpacing,
    hooks: pool.hooks as Address,
  }
  const { public: client } = clients()
  await send({
    address: contracts.usdc,
    abi: erc20Abi,
    functionName: 'approve',
    args: [PERMIT2_ADDRESS, maxUint256],
  } as never)
  await send({
    address: PERMIT2_ADDRESS,
    abi: permit2Abi,
    functionName: 'approve',
    args: [contracts.usdc, contracts.posm, 2n ** 160n - 1n, 2 ** 40],
  } as never)
  const stateView = deployment.contracts.v4StateView
  const [, tick] = await client.readContract({
    address: stateView,
    abi: v4StateViewAbi,
    functionName: 'getSlot0',
    args: [poolIdOf(key)],
  })
  const spacing = key.tickSpacing
  const tickLower = Math.floor(tick / spacing) * spacing - 50 * spacing
  const tickUpper = Math.floor(tick / spacing) * spacing + 50 * spacing
  const next = await client.readContract({
    address: contracts.posm,
    abi: v4PositionManagerAbi,
    functionName: 'nextTokenId',
  })
  const budget = parseEther('2')
  await send({
    address: contracts.posm,
    abi: v4PositionManagerAbi,
    functionName: 'modifyLiquidities',
    args: [
      v4MintPayload({
        key,
        tickLower,
        tickUpper,
        liquidity: 10n ** 15n,
        amount0Max: budget,
        amount1Max: parseUnits('1000000', 6),
        owner: ACCOUNT_0,
      }),
      2n ** 40n,
    ],
    value: budget,
  } as never)
  await send({
    address: PERMIT2_ADDRESS,
    abi: permit2Abi,
    functionName: 'approve',
    args: [contracts.usdc, contracts.posm, 0n, 0],
  } as never)
  await send({
    address: contracts.usdc,
    abi: erc20Abi,
    functionName: 'approve',
    args: [PERMIT2_ADDRESS, 0n],
  } as never)
  return [next, key]
}

/** Waits until the indexer lists account 0's position (it follows the chain's new blocks). */
export async function indexedPosition(indexerUrl: string, id: bigint): Promise<void> {
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    try {
      const response = await fetch(indexerUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: `{ positions(owner: "${ACCOUNT_0}") { nodes { tokenId version } } }` }),
      })
      const body = (await response.json()) as { data?: { positions: { nodes: { tokenId: string }[] } } }
      if (body.data?.positions.nodes.some((n) => n.tokenId === id.toString())) return
    } catch {
      // still starting its server
    }
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error(`the indexer never listed position ${id}`)
}
