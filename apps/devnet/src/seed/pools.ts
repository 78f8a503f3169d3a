/**
 * The seeded pools of one network: v2 pairs, v3 pools in every fee tier and v4 pools (native,
 * dynamic-fee and hooked), each at its seed price, with a full-range and a concentrated position
 * (v3, v4) owned by the deployer.
 */
import { NATIVE_CURRENCY_ADDRESS } from '@oxbow/core'
import {
  nonfungiblePositionManagerAbi,
  type PoolKey,
  poolIdOf,
  v2Router02Abi,
  v4MintPayload,
  v4PoolManagerAbi,
  v4PositionManagerAbi,
} from '@oxbow/protocol'
import {
  type Address,
  encodeAbiParameters,
  encodePacked,
  getContractAddress,
  type Hex,
  keccak256,
  parseAbi,
  parseAbiParameters,
  zeroAddress,
} from 'viem'
import { type Contracts, DEPLOYER } from '../deploy.ts'
import { amountForUsd, bandRange, fullRange, liquidityFor, rawPrice, sqrtPriceX96 } from '../math.ts'
import type { Sender } from '../rpc.ts'
import type { PoolSpec, TokenSpec, V2PoolSpec, V3PoolSpec, V4PoolSpec } from '../universe.ts'
import { poolSpecs } from '../universe.ts'
import { type Currency, DEADLINE, type LivePool } from './model.ts'

const honeypotAbi = parseAbi(['function allowSender(address who)'])
const V2_PAIR_INIT_CODE_HASH: Hex = '0x96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f'
const V3_POOL_INIT_CODE_HASH: Hex = '0xe34f199b19b2b4f47f68442619d555527d244f78a3297ea89325f843f87b8b54'
const TICK_SPACING: Record<number, number> = { 100: 1, 500: 10, 3000: 60, 10000: 200 }
/** Position NFT shares of a pool's TVL: [full range, concentrated band]. */
const POSITION_SHARES = [0.3, 0.7] as const

/** One pool to create: its spec, sorted currencies and seed price. */
interface PoolPlan<S extends PoolSpec> {
  readonly spec: S
  readonly c0: Currency
  readonly c1: Currency
  /** Raw price of c0 in c1. */
  readonly price: number
  /** Both sides' raw amounts for `usd` worth of liquidity, split evenly. */
  half(usd: number): [bigint, bigint]
}

/** NFT ids the position managers will assign next (both count from 1 on a fresh chain). */
interface PositionIds {
  npm: bigint
  posm: bigint
}

export async function seedPools(
  sender: Sender,
  contracts: Contracts,
  specs: readonly TokenSpec[],
  currencies: Map<string, Currency>,
  hook: Address,
): Promise<LivePool[]> {
  const live: LivePool[] = []
  const ids: PositionIds = { npm: 1n, posm: 1n }
  for (const spec of poolSpecs(specs)) {
    if (spec.version === 'v2') {
      live.push(await createV2Pool(sender, contracts, planPool(spec, currencies), currencies))
    } else if (spec.version === 'v3') {
      live.push(await createV3Pool(sender, contracts, planPool(spec, currencies), ids))
    } else {
      live.push(await createV4Pool(sender, contracts, planPool(spec, currencies), ids, hook))
    }
  }
  return live
}

function planPool<S extends PoolSpec>(spec: S, currencies: Map<string, Currency>): PoolPlan<S> {
  const a = currencies.get(spec.a)
  const b = currencies.get(spec.b)
  if (!a || !b) throw new Error(`pool spec refers to unknown currency ${spec.a}/${spec.b}`)
  const [c0, c1] = BigInt(a.address) < BigInt(b.address) ? [a, b] : [b, a]
  return {
    spec,
    c0,
    c1,
    price: rawPrice(c0.priceUsd, c0.decimals, c1.priceUsd, c1.decimals),
    half: (usd) => [
      amountForUsd(usd / 2, c0.priceUsd, c0.decimals),
      amountForUsd(usd / 2, c1.priceUsd, c1.decimals),
    ],
  }
}

async function createV2Pool(
  sender: Sender,
  contracts: Contracts,
  { spec, c0, c1, half }: PoolPlan<V2PoolSpec>,
  currencies: Map<string, Currency>,
): Promise<LivePool> {
  const [amount0, amount1] = half(spec.tvlUsd)
  await sender.write(
    DEPLOYER,
    {
      address: contracts.v2Router02,
      abi: v2Router02Abi,
      functionName: 'addLiquidity',
      args: [c0.address, c1.address, amount0, amount1, 0n, 0n, DEPLOYER, DEADLINE],
      gas: 4_000_000n,
    },
    `v2 ${spec.a}/${spec.b}`,
  )
  const address = getContractAddress({
    opcode: 'CREATE2',
    from: contracts.v2Factory,
    salt: keccak256(encodePacked(['address', 'address'], [c0.address, c1.address])),
    bytecodeHash: V2_PAIR_INIT_CODE_HASH,
  })
  const honey = spec.a === 'HONEY' || spec.b === 'HONEY' ? currencies.get('HONEY') : undefined
  if (honey) {
    // The honeypot lets its pair send it (so it can be bought), nobody else.
    await sender.write(DEPLOYER, {
      address: honey.address,
      abi: honeypotAbi,
      functionName: 'allowSender',
      args: [address],
    })
  }
  return {
    spec,
    c0,
    c1,
    address,
    positions: [],
    manifest: { version: 'v2', address, token0: c0.address, token1: c1.address },
  }
}

async function createV3Pool(
  sender: Sender,
  contracts: Contracts,
  { spec, c0, c1, price, half }: PoolPlan<V3PoolSpec>,
  ids: PositionIds,
): Promise<LivePool> {
  const tickSpacing = TICK_SPACING[spec.fee] as number
  await sender.write(DEPLOYER, {
    address: contracts.nonfungiblePositionManager,
    abi: nonfungiblePositionManagerAbi,
    functionName: 'createAndInitializePoolIfNecessary',
    args: [c0.address, c1.address, spec.fee, sqrtPriceX96(price)],
    gas: 6_000_000n,
  })
  const positions: bigint[] = []
  const ranges = [fullRange(tickSpacing), bandRange(price, spec.band, tickSpacing)] as const
  for (const [i, range] of ranges.entries()) {
    const [amount0Desired, amount1Desired] = half(spec.tvlUsd * POSITION_SHARES[i as 0 | 1])
    await sender.write(
      DEPLOYER,
      {
        address: contracts.nonfungiblePositionManager,
        abi: nonfungiblePositionManagerAbi,
        functionName: 'mint',
        args: [
          {
            token0: c0.address,
            token1: c1.address,
            fee: spec.fee,
            tickLower: range[0],
            tickUpper: range[1],
            amount0Desired,
            amount1Desired,
            amount0Min: 0n,
            amount1Min: 0n,
            recipient: DEPLOYER,
            deadline: DEADLINE,
          },
        ],
        gas: 1_000_000n,
      },
      `v3 mint ${spec.a}/${spec.b}/${spec.fee}`,
    )
    positions.push(ids.npm++)
  }
  const address = getContractAddress({
    opcode: 'CREATE2',
    from: contracts.v3Factory,
    salt: keccak256(
      encodeAbiParameters(parseAbiParameters('address,address,uint24'), [c0.address, c1.address, spec.fee]),
    ),
    bytecodeHash: V3_POOL_INIT_CODE_HASH,
  })
  return {
    spec,
    c0,
    c1,
    address,
    positions,
    manifest: { version: 'v3', address, token0: c0.address, token1: c1.address, fee: spec.fee, tickSpacing },
  }
}

async function createV4Pool(
  sender: Sender,
  contracts: Contracts,
  { spec, c0, c1, price, half }: PoolPlan<V4PoolSpec>,
  ids: PositionIds,
  hook: Address,
): Promise<LivePool> {
  const key: PoolKey = {
    currency0: c0.address,
    currency1: c1.address,
    fee: spec.fee,
    tickSpacing: spec.tickSpacing,
    hooks: spec.hooked ? hook : zeroAddress,
  }
  await sender.write(
    DEPLOYER,
    {
      address: contracts.v4PoolManager,
      abi: v4PoolManagerAbi,
      functionName: 'initialize',
      args: [key, sqrtPriceX96(price)],
      gas: 1_000_000n,
    },
    `v4 initialize ${spec.a}/${spec.b}`,
  )
  const positions: bigint[] = []
  const ranges = [fullRange(spec.tickSpacing), bandRange(price, spec.band, spec.tickSpacing)] as const
  for (const [i, range] of ranges.entries()) {
    const [amount0, amount1] = half(spec.tvlUsd * POSITION_SHARES[i as 0 | 1])
    const liquidity = liquidityFor(price, range[0], range[1], amount0, amount1)
    const amount0Max = (amount0 * 102n) / 100n
    const amount1Max = (amount1 * 102n) / 100n
    await sender.write(
      DEPLOYER,
      {
        address: contracts.v4PositionManager,
        abi: v4PositionManagerAbi,
        functionName: 'modifyLiquidities',
        args: [
          v4MintPayload({
            key,
            tickLower: range[0],
            tickUpper: range[1],
            liquidity,
            amount0Max,
            amount1Max,
            owner: DEPLOYER,
          }),
          DEADLINE,
        ],
        value: c0.address === NATIVE_CURRENCY_ADDRESS ? amount0Max : 0n,
        gas: 2_000_000n,
      },
      `v4 mint ${spec.a}/${spec.b}`,
    )
    positions.push(ids.posm++)
  }
  return {
    spec,
    c0,
    c1,
    key,
    positions,
    manifest: {
      version: 'v4',
      poolId: poolIdOf(key),
      currency0: key.currency0,
      currency1: key.currency1,
      fee: key.fee,
      tickSpacing: key.tickSpacing,
      hooks: key.hooks,
    },
  }
}
