/**
 * Deterministic seed of one network: token universe, NFT collections, a v4 hook, v2/v3/v4 pools
 * with positions, funded test accounts and traders, then 30 days of backdated history.
 */
import type { Network } from '@oxbow/chains'
import type { ManifestNftCollection, ManifestPool, ManifestToken } from '@oxbow/protocol'
import {
  erc20Abi,
  nonfungiblePositionManagerAbi,
  PERMIT2_ADDRESS,
  permit2Abi,
  universalRouterAbi,
  v2PairAbi,
  v2Router02Abi,
  v4PoolManagerAbi,
  v4PositionManagerAbi,
  weth9Abi,
} from '@oxbow/protocol'
import {
  type Address,
  concat,
  decodeFunctionResult,
  encodeAbiParameters,
  encodeFunctionData,
  encodePacked,
  getAddress,
  getContractAddress,
  type Hex,
  keccak256,
  maxUint48,
  maxUint128,
  maxUint160,
  maxUint256,
  parseAbi,
  parseAbiParameters,
  toBytes,
  toHex,
} from 'viem'
import { loadArtifacts } from './artifacts.ts'
import type { CompiledSeedContracts } from './compile.ts'
import { type Contracts, CREATE2_DEPLOYER, DEPLOYER } from './deploy.ts'
import {
  NATIVE,
  type PoolKey,
  poolIdOf,
  urCommandBytes,
  urCommands,
  v2SwapInput,
  v3SwapInput,
  v4DecreasePayload,
  v4IncreasePayload,
  v4MintPayload,
  v4SwapInput,
} from './market.ts'
import { amountForUsd, bandRange, fullRange, liquidityFor, prng, rawPrice, sqrtPriceX96 } from './math.ts'
import type { Sender } from './rpc.ts'
import { nativePriceUsd, nftCollectionSpecs, type PoolSpec, poolSpecs, tokenSpecs } from './universe.ts'

const mintAbi = parseAbi(['function mint(address to, uint256 amount)'])
const honeypotAbi = parseAbi(['function allowSender(address who)'])
const collectionAbi = parseAbi(['function mint(address to) returns (uint256)'])
const DEADLINE = 2n ** 40n
const V2_PAIR_INIT_CODE_HASH: Hex = '0x96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f'
const V3_POOL_INIT_CODE_HASH: Hex = '0xe34f199b19b2b4f47f68442619d555527d244f78a3297ea89325f843f87b8b54'
/** Hook permissions: AFTER_INITIALIZE (1 << 12) | AFTER_SWAP (1 << 6). */
export const HOOK_FLAGS = 0x1040
const HOOK_MASK = 0x3fff
const TICK_SPACING: Record<number, number> = { 100: 1, 500: 10, 3000: 60, 10000: 200 }

/** Traders behind the seeded history (impersonated; not test accounts). */
export const TRADERS: readonly Address[] = [1, 2, 3].map((i) =>
  getAddress(`0x${keccak256(toBytes(`oxbow:devnet:trader:${i}`)).slice(26)}`),
)

export interface Currency {
  readonly key: string
  readonly address: Address
  readonly decimals: number
  readonly priceUsd: number
}

export interface LivePool {
  readonly spec: PoolSpec
  readonly c0: Currency
  readonly c1: Currency
  readonly manifest: ManifestPool
  /** v2 pair / v3 pool address. */
  readonly address?: Address
  readonly key?: PoolKey
  /** Position NFT ids (v3: NonfungiblePositionManager, v4: PositionManager): [full range, concentrated]. */
  readonly positions: bigint[]
}

export interface SeedResult {
  readonly tokens: ManifestToken[]
  readonly pools: ManifestPool[]
  readonly nftCollections: ManifestNftCollection[]
  readonly hooks: Record<string, Address>
  readonly live: LivePool[]
  readonly currencies: Map<string, Currency>
}

export interface SeedOptions {
  readonly sender: Sender
  readonly network: Network
  readonly contracts: Contracts
  readonly compiled: CompiledSeedContracts
  readonly testAccounts: readonly Address[]
  /** First and last history timestamps (seconds). */
  readonly historyFrom: number
  readonly historyTo: number
}

function withArgs(bytecode: Hex, types: string, values: readonly unknown[]): Hex {
  return concat([bytecode, encodeAbiParameters(parseAbiParameters(types), values as never)])
}

let hookSaltCache: { initCodeHash: Hex; salt: Hex } | undefined
/** Finds a CREATE2 salt putting the hook at an address whose low 14 bits are its permissions. */
export function mineHookSalt(initCode: Hex): { salt: Hex; address: Address } {
  const initCodeHash = keccak256(initCode)
  if (hookSaltCache?.initCodeHash !== initCodeHash) {
    for (let i = 0; ; i++) {
      const salt = toHex(i, { size: 32 })
      const address = getContractAddress({
        opcode: 'CREATE2',
        from: CREATE2_DEPLOYER,
        salt,
        bytecodeHash: initCodeHash,
      })
      if ((Number.parseInt(address.slice(-4), 16) & HOOK_MASK) === HOOK_FLAGS) {
        hookSaltCache = { initCodeHash, salt }
        break
      }
    }
  }
  const salt = hookSaltCache.salt
  return {
    salt,
    address: getContractAddress({
      opcode: 'CREATE2',
      from: CREATE2_DEPLOYER,
      salt,
      bytecodeHash: initCodeHash,
    }),
  }
}

function sortPair(a: Currency, b: Currency): [Currency, Currency] {
  return BigInt(a.address) < BigInt(b.address) ? [a, b] : [b, a]
}

export async function seedNetwork(options: SeedOptions): Promise<SeedResult> {
  const { sender, network, contracts, compiled } = options
  const d = DEPLOYER
  const nativeUsd = nativePriceUsd[network.nativeCurrency.symbol] ?? 1
  const specs = tokenSpecs(network.slug)
  const mock = loadArtifacts().mockErc20

  // Tokens.
  const tokens: ManifestToken[] = [
    {
      address: contracts.weth9,
      symbol: 'WETH',
      name: 'Wrapped Ether',
      decimals: 18,
      kind: 'wrapped-native',
      safety: 'verified',
      transferFeeBps: 0,
      seedPriceUsd: nativeUsd,
    },
  ]
  const currencies = new Map<string, Currency>([
    ['NATIVE', { key: 'NATIVE', address: NATIVE, decimals: 18, priceUsd: nativeUsd }],
    ['WNATIVE', { key: 'WNATIVE', address: contracts.weth9, decimals: 18, priceUsd: nativeUsd }],
  ])
  for (const spec of specs) {
    const bytecode =
      spec.contract === 'fee-on-transfer'
        ? withArgs(compiled.FeeOnTransferToken.bytecode, 'string,string,uint8,uint256', [
            spec.name,
            spec.symbol,
            spec.decimals,
            BigInt(spec.transferFeeBps ?? 0),
          ])
        : withArgs(
            spec.contract === 'honeypot' ? compiled.HoneypotToken.bytecode : mock,
            'string,string,uint8',
            [spec.name, spec.symbol, spec.decimals],
          )
    const address = await sender.deploy(d, bytecode, spec.symbol, 3_000_000n)
    currencies.set(spec.key, { key: spec.key, address, decimals: spec.decimals, priceUsd: spec.priceUsd })
    tokens.push({
      address,
      symbol: spec.symbol,
      name: spec.name,
      decimals: spec.decimals,
      kind: spec.kind,
      safety: spec.safety,
      transferFeeBps: spec.transferFeeBps ?? 0,
      seedPriceUsd: spec.priceUsd,
    })
  }
  const erc20s = [...currencies.values()].filter((c) => c.address !== NATIVE)
  const minted = [...currencies.values()].filter((c) => c.key !== 'NATIVE' && c.key !== 'WNATIVE')

  // The deployer provides all liquidity.
  await sender.send(
    d,
    { to: contracts.weth9, data: wethDeposit(), value: amountForUsd(80e6, nativeUsd, 18) },
    'wrap',
  )
  for (const c of minted) {
    await sender.write(d, {
      address: c.address,
      abi: mintAbi,
      functionName: 'mint',
      args: [d, amountForUsd(500e6, c.priceUsd, c.decimals)],
    })
  }
  for (const c of erc20s) {
    for (const spender of [contracts.v2Router02, contracts.nonfungiblePositionManager, PERMIT2_ADDRESS]) {
      await sender.write(d, {
        address: c.address,
        abi: erc20Abi,
        functionName: 'approve',
        args: [spender, maxUint256],
      })
    }
    await sender.write(d, {
      address: PERMIT2_ADDRESS,
      abi: permit2Abi,
      functionName: 'approve',
      args: [c.address, contracts.v4PositionManager, maxUint160, Number(maxUint48)],
    })
  }

  // The hook, at an address carrying its permission bits.
  const hookInit = withArgs(compiled.OxbowHook.bytecode, 'address', [contracts.v4PoolManager])
  const hook = mineHookSalt(hookInit)
  await sender.send(d, { to: CREATE2_DEPLOYER, data: concat([hook.salt, hookInit]), gas: 2_000_000n }, 'hook')

  // Pools.
  const live: LivePool[] = []
  let npmNextId = 1n
  let posmNextId = 1n
  for (const spec of poolSpecs(specs)) {
    const a = currencies.get(spec.a)
    const b = currencies.get(spec.b)
    if (!a || !b) throw new Error(`pool spec refers to unknown currency ${spec.a}/${spec.b}`)
    const [c0, c1] = sortPair(a, b)
    const price = rawPrice(c0.priceUsd, c0.decimals, c1.priceUsd, c1.decimals)
    const half = (usd: number): [bigint, bigint] => [
      amountForUsd(usd / 2, c0.priceUsd, c0.decimals),
      amountForUsd(usd / 2, c1.priceUsd, c1.decimals),
    ]
    if (spec.version === 'v2') {
      const [amount0, amount1] = half(spec.tvlUsd)
      await sender.write(
        d,
        {
          address: contracts.v2Router02,
          abi: v2Router02Abi,
          functionName: 'addLiquidity',
          args: [c0.address, c1.address, amount0, amount1, 0n, 0n, d, DEADLINE],
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
      if (spec.a === 'HONEY' || spec.b === 'HONEY') {
        const honey = currencies.get('HONEY') as Currency
        await sender.write(d, {
          address: honey.address,
          abi: honeypotAbi,
          functionName: 'allowSender',
          args: [address],
        })
      }
      live.push({
        spec,
        c0,
        c1,
        address,
        positions: [],
        manifest: { version: 'v2', address, token0: c0.address, token1: c1.address },
      })
    } else if (spec.version === 'v3') {
      const tickSpacing = TICK_SPACING[spec.fee] as number
      await sender.write(d, {
        address: contracts.nonfungiblePositionManager,
        abi: nonfungiblePositionManagerAbi,
        functionName: 'createAndInitializePoolIfNecessary',
        args: [c0.address, c1.address, spec.fee, sqrtPriceX96(price)],
        gas: 6_000_000n,
      })
      const positions: bigint[] = []
      for (const [share, range] of [
        [0.3, fullRange(tickSpacing)],
        [0.7, bandRange(price, spec.band, tickSpacing)],
      ] as const) {
        const [amount0Desired, amount1Desired] = half(spec.tvlUsd * share)
        await sender.write(
          d,
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
                recipient: d,
                deadline: DEADLINE,
              },
            ],
            gas: 1_000_000n,
          },
          `v3 mint ${spec.a}/${spec.b}/${spec.fee}`,
        )
        positions.push(npmNextId++)
      }
      const address = getContractAddress({
        opcode: 'CREATE2',
        from: contracts.v3Factory,
        salt: keccak256(
          encodeAbiParameters(parseAbiParameters('address,address,uint24'), [
            c0.address,
            c1.address,
            spec.fee,
          ]),
        ),
        bytecodeHash: V3_POOL_INIT_CODE_HASH,
      })
      live.push({
        spec,
        c0,
        c1,
        address,
        positions,
        manifest: {
          version: 'v3',
          address,
          token0: c0.address,
          token1: c1.address,
          fee: spec.fee,
          tickSpacing,
        },
      })
    } else {
      const key: PoolKey = {
        currency0: c0.address,
        currency1: c1.address,
        fee: spec.fee,
        tickSpacing: spec.tickSpacing,
        hooks: spec.hooked ? hook.address : NATIVE,
      }
      await sender.write(
        d,
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
      for (const [share, range] of [
        [0.3, fullRange(spec.tickSpacing)],
        [0.7, bandRange(price, spec.band, spec.tickSpacing)],
      ] as const) {
        const [amount0, amount1] = half(spec.tvlUsd * share)
        const liquidity = liquidityFor(price, range[0], range[1], amount0, amount1)
        const amount0Max = (amount0 * 102n) / 100n
        const amount1Max = (amount1 * 102n) / 100n
        await sender.write(
          d,
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
                owner: d,
              }),
              DEADLINE,
            ],
            value: c0.address === NATIVE ? amount0Max : 0n,
            gas: 2_000_000n,
          },
          `v4 mint ${spec.a}/${spec.b}`,
        )
        positions.push(posmNextId++)
      }
      live.push({
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
      })
    }
  }

  // NFT collections, minted round-robin to the test accounts.
  const nftCollections: ManifestNftCollection[] = []
  for (const spec of nftCollectionSpecs) {
    const address = await sender.deploy(
      d,
      withArgs(compiled.OxbowCollection.bytecode, 'string,string,string,uint256', [
        spec.name,
        spec.symbol,
        spec.description,
        BigInt(spec.hue),
      ]),
      spec.symbol,
      3_000_000n,
    )
    for (let i = 0; i < spec.supply; i++) {
      const to = options.testAccounts[i % 4] as Address
      await sender.write(d, { address, abi: collectionAbi, functionName: 'mint', args: [to] })
    }
    nftCollections.push({ address, name: spec.name, symbol: spec.symbol, totalSupply: spec.supply })
  }

  // Test accounts: every token (native comes from anvil's genesis allocation).
  for (const account of options.testAccounts) {
    for (const c of minted) {
      await sender.write(d, {
        address: c.address,
        abi: mintAbi,
        functionName: 'mint',
        args: [account, amountForUsd(100_000, c.priceUsd, c.decimals)],
      })
    }
    await sender.write(d, {
      address: contracts.weth9,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [account, amountForUsd(100_000, nativeUsd, 18)],
    })
  }

  // Traders: balances and Permit2 allowances for the Universal Router.
  for (const trader of TRADERS) {
    await sender.request('anvil_impersonateAccount', [trader])
    await sender.request('anvil_setBalance', [trader, toHex(amountForUsd(100e6, nativeUsd, 18))])
    await sender.send(
      trader,
      { to: contracts.weth9, data: wethDeposit(), value: amountForUsd(20e6, nativeUsd, 18) },
      'wrap',
    )
    for (const c of minted) {
      await sender.write(d, {
        address: c.address,
        abi: mintAbi,
        functionName: 'mint',
        args: [trader, amountForUsd(20e6, c.priceUsd, c.decimals)],
      })
    }
    for (const c of erc20s) {
      await sender.write(trader, {
        address: c.address,
        abi: erc20Abi,
        functionName: 'approve',
        args: [PERMIT2_ADDRESS, maxUint256],
      })
      await sender.write(trader, {
        address: PERMIT2_ADDRESS,
        abi: permit2Abi,
        functionName: 'approve',
        args: [c.address, contracts.universalRouter, maxUint160, Number(maxUint48)],
      })
    }
  }
  await sender.check()

  await writeHistory(options, live, nativeUsd)

  return {
    tokens,
    pools: live.map((p) => p.manifest),
    nftCollections,
    hooks: { OxbowHook: hook.address },
    live,
    currencies,
  }
}

function wethDeposit(): Hex {
  return encodeFunctionData({ abi: weth9Abi, functionName: 'deposit' })
}

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
  let command: number
  let encoded: Hex
  if (pool.manifest.version === 'v2') {
    command = urCommands.V2_SWAP_EXACT_IN
    encoded = v2SwapInput({
      recipient: trader,
      amountIn,
      amountOutMin: 0n,
      path: [input.address, output.address],
    })
  } else if (pool.manifest.version === 'v3') {
    command = urCommands.V3_SWAP_EXACT_IN
    encoded = v3SwapInput({
      recipient: trader,
      amountIn,
      amountOutMin: 0n,
      tokenIn: input.address,
      fee: pool.manifest.fee,
      tokenOut: output.address,
    })
  } else {
    command = urCommands.V4_SWAP
    encoded = v4SwapInput({ key: pool.key as PoolKey, zeroForOne, amountIn, amountOutMinimum: 0n })
  }
  return sender.write(
    trader,
    {
      address: contracts.universalRouter,
      abi: universalRouterAbi,
      functionName: 'execute',
      args: [urCommandBytes(command), [encoded], DEADLINE],
      value: input.address === NATIVE ? amountIn : 0n,
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

async function call<T>(sender: Sender, to: Address, data: Hex): Promise<T> {
  return (await sender.request<Hex>('eth_call', [{ to, data }, 'latest'])) as T
}

async function writeHistory(
  options: SeedOptions,
  live: readonly LivePool[],
  nativeUsd: number,
): Promise<void> {
  const { sender, contracts, network } = options
  const random = prng(`oxbow:${network.slug}`)
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
        data: await call<Hex>(
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
        data: await call<Hex>(
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
      data: await call<Hex>(
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
          amount0Max: key.currency0 === NATIVE ? nativeBudget : maxUint128,
          amount1Max: maxUint128,
          owner: d,
        })
      : v4DecreasePayload({ key, tokenId, liquidity: liquidity / 25n, recipient: d })
    await sender.write(d, {
      address: contracts.v4PositionManager,
      abi: v4PositionManagerAbi,
      functionName: 'modifyLiquidities',
      args: [unlockData, DEADLINE],
      value: add && key.currency0 === NATIVE ? nativeBudget : 0n,
      gas: 1_500_000n,
    })
  }
}
