/**
 * Set-up of the liquidity suite and benchmark (issue #13): account 0 of a running devnet mints a v3
 * position and trades through its pool (fees in both tokens), and mints a v4 position through
 * Permit2 whose allowances are then revoked; then the indexer is awaited until it lists them.
 */
import assert from 'node:assert/strict'
import { type Devnet, devnetClients, whyReverted } from '@oxbow/devnet'
import {
  erc20Abi,
  nonfungiblePositionManagerAbi,
  PERMIT2_ADDRESS,
  type PoolKey,
  permit2Abi,
  poolIdOf,
  swapRouter02Abi,
  v3PoolAbi,
  v4MintPayload,
  v4PositionManagerAbi,
  v4StateViewAbi,
  weth9Abi,
} from '@oxbow/protocol'
import { type Address, decodeEventLog, maxUint256, parseEther, parseUnits } from 'viem'
import { ACCOUNT_0 } from './swapKit.ts'

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
  const token = (symbol: string) => {
    const found = deployment.tokens.find((t) => t.symbol === symbol)
    assert.ok(found, `${symbol} is seeded`)
    return found.address
  }
  const weth = token('WETH')
  const usdc = token('USDC')
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
async function mintAndTrade(): Promise<bigint> {
  const { public: client, wallet } = clients()
  const send = async (request: Parameters<typeof wallet.writeContract>[0]) => {
    const hash = await wallet.writeContract(request)
    const receipt = await client.waitForTransactionReceipt({ hash })
    if (receipt.status !== 'success') assert.fail(await whyReverted(client, receipt))
    return receipt
  }
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
  for (const [tokenIn, tokenOut, amountIn] of [
    [contracts.weth, contracts.usdc, parseEther('1')],
    [contracts.usdc, contracts.weth, parseUnits('2000', 6)],
  ] as const) {
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
  return minted
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
  const { public: client, wallet } = clients()
  const send = async (request: Parameters<typeof wallet.writeContract>[0]) => {
    const receipt = await client.waitForTransactionReceipt({ hash: await wallet.writeContract(request) })
    assert.equal(receipt.status, 'success')
    return receipt
  }
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
