/**
 * Thirty days of backdated history: blocks mined at spread timestamps, each with one or two
 * market trades, and every eighth a liquidity change (add or remove on v2, v3 or v4).
 */
import { NATIVE_CURRENCY_ADDRESS, seededRandom } from '@oxbow/core'
import {
  erc20Abi,
  nonfungiblePositionManagerAbi,
  type PoolKey,
  v2PairAbi,
  v2Router02Abi,
  v4DecreasePayload,
  v4IncreasePayload,
  v4PositionManagerAbi,
} from '@oxbow/protocol'
import { type Address, decodeFunctionResult, encodeFunctionData, maxUint128, toHex } from 'viem'
import { type Contracts, DEPLOYER } from '../deploy.ts'
import { amountForUsd } from '../math.ts'
import type { Sender } from '../rpc.ts'
import { call, DEADLINE, type LivePool, type SeedOptions, TRADERS } from './model.ts'
import { randomTrade, swapOnPool } from './trades.ts'

export async function writeHistory(
  options: SeedOptions,
  live: readonly LivePool[],
  nativeUsd: number,
): Promise<void> {
  const { sender, contracts, network } = options
  const random = seededRandom(`oxbow:${network.slug}`)
  const d = DEPLOYER
  const steps = 200
  const flow = new Map<LivePool, number>()
  const span = options.historyTo - options.historyFrom
  await sender.request('evm_setAutomine', [false])
  try {
    for (let step = 0; step < steps; step++) {
      const timestamp = options.historyFrom + Math.floor((span * step) / (steps - 1))
      const trades = random() < 0.4 ? 2 : 1
      for (let t = 0; t < trades; t++) {
        const trade = randomTrade(live, random, flow)
        const trader = TRADERS[Math.floor(random() * TRADERS.length)] as Address
        await swapOnPool(sender, contracts, trade.pool, trader, trade.zeroForOne, trade.amountIn)
      }
      if (step % 8 === 4) await liquidityChange(sender, contracts, live, random, d, nativeUsd)
      await sender.request('evm_mine', [toHex(timestamp)])
    }
  } finally {
    await sender.request('evm_setAutomine', [true])
  }
  await sender.check()
}

async function liquidityChange(
  sender: Sender,
  contracts: Contracts,
  live: readonly LivePool[],
  random: () => number,
  d: Address,
  nativeUsd: number,
): Promise<void> {
  const candidates = live.filter((p) => p.c0.key !== 'HONEY' && p.c1.key !== 'HONEY')
  const pool = candidates[Math.floor(random() * candidates.length)] as LivePool
  const add = random() < 0.6
  const usd = pool.spec.tvlUsd * 0.03
  if (pool.manifest.version === 'v2') {
    const pair = pool.address as Address
    if (add) {
      await sender.write(d, {
        address: contracts.v2Router02,
        abi: v2Router02Abi,
        functionName: 'addLiquidity',
        args: [
          pool.c0.address,
          pool.c1.address,
          amountForUsd(usd / 2, pool.c0.priceUsd, pool.c0.decimals),
          amountForUsd(usd / 2, pool.c1.priceUsd, pool.c1.decimals),
          0n,
          0n,
          d,
          DEADLINE,
        ],
        gas: 1_000_000n,
      })
    } else {
      const balance = decodeFunctionResult({
        abi: erc20Abi,
        functionName: 'balanceOf',
        data: await call(
          sender,
          pair,
          encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [d] }),
        ),
      })
      await sender.write(d, {
        address: pair,
        abi: v2PairAbi,
        functionName: 'transfer',
        args: [pair, balance / 40n],
      })
      await sender.write(d, {
        address: pair,
        abi: v2PairAbi,
        functionName: 'burn',
        args: [d],
        gas: 1_000_000n,
      })
    }
  } else if (pool.manifest.version === 'v3') {
    const tokenId = pool.positions[random() < 0.5 ? 0 : 1] as bigint
    const npm = contracts.nonfungiblePositionManager
    if (add) {
      await sender.write(d, {
        address: npm,
        abi: nonfungiblePositionManagerAbi,
        functionName: 'increaseLiquidity',
        args: [
          {
            tokenId,
            amount0Desired: amountForUsd(usd / 2, pool.c0.priceUsd, pool.c0.decimals),
            amount1Desired: amountForUsd(usd / 2, pool.c1.priceUsd, pool.c1.decimals),
            amount0Min: 0n,
            amount1Min: 0n,
            deadline: DEADLINE,
          },
        ],
        gas: 1_000_000n,
      })
    } else {
      const position = decodeFunctionResult({
        abi: nonfungiblePositionManagerAbi,
        functionName: 'positions',
        data: await call(
          sender,
          npm,
          encodeFunctionData({
            abi: nonfungiblePositionManagerAbi,
            functionName: 'positions',
            args: [tokenId],
          }),
        ),
      })
      const liquidity = position[7] / 25n
      await sender.write(d, {
        address: npm,
        abi: nonfungiblePositionManagerAbi,
        functionName: 'decreaseLiquidity',
        args: [{ tokenId, liquidity, amount0Min: 0n, amount1Min: 0n, deadline: DEADLINE }],
        gas: 1_000_000n,
      })
      await sender.write(d, {
        address: npm,
        abi: nonfungiblePositionManagerAbi,
        functionName: 'collect',
        args: [{ tokenId, recipient: d, amount0Max: maxUint128, amount1Max: maxUint128 }],
        gas: 1_000_000n,
      })
    }
  } else {
    const key = pool.key as PoolKey
    const tokenId = pool.positions[0] as bigint
    const liquidity = decodeFunctionResult({
      abi: v4PositionManagerAbi,
      functionName: 'getPositionLiquidity',
      data: await call(
        sender,
        contracts.v4PositionManager,
        encodeFunctionData({
          abi: v4PositionManagerAbi,
          functionName: 'getPositionLiquidity',
          args: [tokenId],
        }),
      ),
    })
    // The full-range position holds 30 % of the TVL; 5 % of it needs at most this much native.
    const nativeBudget = amountForUsd(pool.spec.tvlUsd * 0.3 * 0.05, nativeUsd, 18)
    const unlockData = add
      ? v4IncreasePayload({
          key,
          tokenId,
          liquidity: liquidity / 20n,
          amount0Max: key.currency0 === NATIVE_CURRENCY_ADDRESS ? nativeBudget : maxUint128,
          amount1Max: maxUint128,
          owner: d,
        })
      : v4DecreasePayload({ key, tokenId, liquidity: liquidity / 25n, recipient: d })
    await sender.write(d, {
      address: contracts.v4PositionManager,
      abi: v4PositionManagerAbi,
      functionName: 'modifyLiquidities',
      args: [unlockData, DEADLINE],
      value: add && key.currency0 === NATIVE_CURRENCY_ADDRESS ? nativeBudget : 0n,
      gas: 1_500_000n,
    })
  }
}
