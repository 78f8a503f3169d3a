/**
 * Creation bytecode of every deployed contract, read from the npm packages' compiled artifacts (the
 * same bytecode Uniswap deployed on mainnet, so pool init-code hashes match the routers' constants).
 */
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import type { Hex } from 'viem'

const require = createRequire(import.meta.url)

/** Directory of an installed package (some hide package.json behind their exports map). */
export function packageDir(name: string): string {
  for (const base of require.resolve.paths(name) ?? []) {
    const dir = join(base, name)
    if (existsSync(join(dir, 'package.json'))) return dir
  }
  throw new Error(`package ${name} is not installed. Run: npm ci`)
}

function hex(value: string): Hex {
  return (value.startsWith('0x') ? value : `0x${value}`) as Hex
}

function artifact(pkg: string, path: string): { bytecode: Hex; linkReferences: LinkReferences } {
  const json = JSON.parse(readFileSync(join(packageDir(pkg), path), 'utf8'))
  const code: unknown = json.bytecode?.object ?? json.bytecode
  if (typeof code !== 'string' || code.length < 4) throw new Error(`${pkg}/${path} has no bytecode`)
  return { bytecode: hex(code), linkReferences: json.linkReferences ?? json.bytecode?.linkReferences ?? {} }
}

type LinkReferences = Record<string, Record<string, { start: number; length: number }[]>>

function uniswapx(name: string): Hex {
  // The SDK's exports map hides its typechain factories; load them by file path (CommonJS).
  const file = join(
    packageDir('@uniswap/uniswapx-sdk'),
    `dist/cjs/src/contracts/factories/${name}__factory.js`,
  )
  const factory = require(file)[`${name}__factory`] as { bytecode: string }
  return hex(factory.bytecode)
}

/** Replaces every link reference of `library` in `bytecode` with `address`. */
export function linkLibrary(
  bytecode: Hex,
  linkReferences: LinkReferences,
  library: string,
  address: `0x${string}`,
): Hex {
  let code = bytecode.slice(2)
  let linked = 0
  for (const libraries of Object.values(linkReferences)) {
    for (const ref of libraries[library] ?? []) {
      const at = ref.start * 2
      code = code.slice(0, at) + address.slice(2).toLowerCase() + code.slice(at + ref.length * 2)
      linked++
    }
  }
  if (linked === 0) throw new Error(`no link reference to ${library}`)
  return `0x${code}`
}

export interface Artifacts {
  readonly weth9: Hex
  readonly permit2: Hex
  readonly v2Factory: Hex
  readonly v2Router02: Hex
  readonly v3Factory: Hex
  readonly nftDescriptorLibrary: Hex
  readonly nonfungibleTokenPositionDescriptor: { bytecode: Hex; linkReferences: LinkReferences }
  readonly nonfungiblePositionManager: Hex
  readonly swapRouter02: Hex
  readonly quoterV2: Hex
  readonly tickLens: Hex
  readonly v3Migrator: Hex
  readonly v4PoolManager: Hex
  readonly v4PositionDescriptor: Hex
  readonly v4PositionManager: Hex
  readonly v4Quoter: Hex
  readonly v4StateView: Hex
  readonly universalRouter: Hex
  readonly exclusiveDutchOrderReactor: Hex
  readonly orderQuoter: Hex
  readonly swapRouter02Executor: Hex
  readonly mockErc20: Hex
  readonly ensRegistry: Hex
  readonly ensPublicResolver: Hex
  readonly ensReverseRegistrar: Hex
  readonly simple7702Account: Hex
  /** `@uniswap/merkle-distributor` 1.0.1: `constructor(token, merkleRoot)`, one per reward epoch. */
  readonly merkleDistributor: Hex
}

let cached: Artifacts | undefined

export function loadArtifacts(): Artifacts {
  if (cached) return cached
  const v3p = '@uniswap/v3-periphery'
  cached = {
    weth9: artifact('@uniswap/v2-periphery', 'build/WETH9.json').bytecode,
    permit2: uniswapx('Permit2'),
    v2Factory: artifact('@uniswap/v2-core', 'build/UniswapV2Factory.json').bytecode,
    v2Router02: artifact('@uniswap/v2-periphery', 'build/UniswapV2Router02.json').bytecode,
    v3Factory: artifact('@uniswap/v3-core', 'artifacts/contracts/UniswapV3Factory.sol/UniswapV3Factory.json')
      .bytecode,
    nftDescriptorLibrary: artifact(v3p, 'artifacts/contracts/libraries/NFTDescriptor.sol/NFTDescriptor.json')
      .bytecode,
    nonfungibleTokenPositionDescriptor: artifact(
      v3p,
      'artifacts/contracts/NonfungibleTokenPositionDescriptor.sol/NonfungibleTokenPositionDescriptor.json',
    ),
    nonfungiblePositionManager: artifact(
      v3p,
      'artifacts/contracts/NonfungiblePositionManager.sol/NonfungiblePositionManager.json',
    ).bytecode,
    swapRouter02: artifact(
      '@uniswap/swap-router-contracts',
      'artifacts/contracts/SwapRouter02.sol/SwapRouter02.json',
    ).bytecode,
    quoterV2: artifact(v3p, 'artifacts/contracts/lens/QuoterV2.sol/QuoterV2.json').bytecode,
    tickLens: artifact(v3p, 'artifacts/contracts/lens/TickLens.sol/TickLens.json').bytecode,
    v3Migrator: artifact(v3p, 'artifacts/contracts/V3Migrator.sol/V3Migrator.json').bytecode,
    v4PoolManager: artifact('@uniswap/v4-core', 'out/PoolManager.sol/PoolManager.json').bytecode,
    v4PositionDescriptor: artifact(
      '@uniswap/v4-periphery',
      'foundry-out/PositionDescriptor.sol/PositionDescriptor.json',
    ).bytecode,
    v4PositionManager: artifact(
      '@uniswap/v4-periphery',
      'foundry-out/PositionManager.sol/PositionManager.json',
    ).bytecode,
    v4Quoter: artifact('@uniswap/v4-periphery', 'foundry-out/V4Quoter.sol/V4Quoter.json').bytecode,
    v4StateView: artifact('@uniswap/v4-periphery', 'foundry-out/StateView.sol/StateView.json').bytecode,
    universalRouter: artifact(
      '@uniswap/universal-router',
      'artifacts/contracts/UniversalRouter.sol/UniversalRouter.json',
    ).bytecode,
    exclusiveDutchOrderReactor: uniswapx('ExclusiveDutchOrderReactor'),
    orderQuoter: uniswapx('OrderQuoter'),
    swapRouter02Executor: uniswapx('SwapRouter02Executor'),
    mockErc20: artifact('@uniswap/v4-core', 'out/mocks/MockERC20.sol/MockERC20.json').bytecode,
    ensRegistry: artifact('@ensdomains/ens', 'build/contracts/ENSRegistry.json').bytecode,
    ensPublicResolver: artifact('@ensdomains/resolver', 'build/contracts/PublicResolver.json').bytecode,
    ensReverseRegistrar: artifact('@ensdomains/ens', 'build/contracts/ReverseRegistrar.json').bytecode,
    simple7702Account: artifact('@account-abstraction/contracts', 'artifacts/Simple7702Account.json')
      .bytecode,
    merkleDistributor: artifact('@uniswap/merkle-distributor', 'build/MerkleDistributor.json').bytecode,
  }
  return cached
}

/** Versions of every package whose bytecode ends up on chain: part of the dump fingerprint. */
export function artifactVersions(): Record<string, string> {
  const names = [
    '@foundry-rs/anvil',
    '@uniswap/v2-core',
    '@uniswap/v2-periphery',
    '@uniswap/v3-core',
    '@uniswap/v3-periphery',
    '@uniswap/swap-router-contracts',
    '@uniswap/v4-core',
    '@uniswap/v4-periphery',
    '@uniswap/universal-router',
    '@uniswap/uniswapx-sdk',
    '@ensdomains/ens',
    '@ensdomains/resolver',
    '@account-abstraction/contracts',
    '@uniswap/merkle-distributor',
    'solc',
  ]
  return Object.fromEntries(
    names.map((name) => [
      name,
      JSON.parse(readFileSync(join(packageDir(name), 'package.json'), 'utf8')).version,
    ]),
  )
}
