/** What the seed creates on each network: tokens with reference prices, pools, NFT collections. */
import type { NetworkSlug } from '@oxbow/chains'
import type { SafetyLevel, TokenKind } from '@oxbow/protocol'
import type { TokenLogoName } from '@oxbow/protocol/tokenLogos'

export interface TokenSpec {
  /** Key used by pool specs (`USDC`, `LOCAL1`, ...); distinct from the on-chain symbol. */
  readonly key: string
  readonly symbol: string
  readonly name: string
  readonly decimals: number
  readonly priceUsd: number
  readonly kind: TokenKind
  readonly safety: SafetyLevel
  readonly contract: 'mock' | 'fee-on-transfer' | 'honeypot'
  readonly transferFeeBps?: number
  /** The token list's logo (well-known tokens only: never an impersonator's). */
  readonly logo?: TokenLogoName
}

/** Reference USD prices of native currencies by symbol. */
export const nativePriceUsd: Record<string, number> = { ETH: 3200, POL: 0.45, BNB: 620, AVAX: 28, CELO: 0.7 }

const stable = (
  key: string,
  symbol: string,
  name: string,
  decimals: number,
  logo: TokenLogoName,
): TokenSpec => ({
  key,
  symbol,
  name,
  decimals,
  priceUsd: 1,
  kind: 'stablecoin',
  safety: 'verified',
  contract: 'mock',
  logo,
})
const local = (
  key: string,
  symbol: string,
  name: string,
  priceUsd: number,
  logo?: TokenLogoName,
): TokenSpec => ({
  key,
  symbol,
  name,
  decimals: 18,
  priceUsd,
  kind: 'local',
  safety: 'verified',
  contract: 'mock',
  ...(logo ? { logo } : {}),
})

const localTokens: Record<NetworkSlug, readonly [TokenSpec, TokenSpec?]> = {
  ethereum: [
    local('LOCAL1', 'LINK', 'Chainlink', 15, 'link'),
    local('LOCAL2', 'PEPE', 'Pepe', 0.00001, 'pepe'),
  ],
  unichain: [local('LOCAL1', 'WSTETH', 'Wrapped liquid staked Ether', 3800)],
  base: [local('LOCAL1', 'AERO', 'Aerodrome', 1.1), local('LOCAL2', 'DEGEN', 'Degen', 0.004)],
  arbitrum: [local('LOCAL1', 'ARB', 'Arbitrum', 0.4), local('LOCAL2', 'GMX', 'GMX', 22)],
  optimism: [local('LOCAL1', 'OP', 'Optimism', 0.8), local('LOCAL2', 'VELO', 'Velodrome', 0.06)],
  polygon: [local('LOCAL1', 'AAVE', 'Aave', 260), local('LOCAL2', 'QUICK', 'QuickSwap', 0.03)],
  bnb: [local('LOCAL1', 'CAKE', 'PancakeSwap', 2.4)],
  avalanche: [local('LOCAL1', 'JOE', 'Trader Joe', 0.25)],
  celo: [local('LOCAL1', 'UBE', 'Ubeswap', 0.01)],
  blast: [local('LOCAL1', 'BLAST', 'Blast', 0.003)],
  zksync: [local('LOCAL1', 'ZK', 'ZKsync', 0.06)],
  zora: [local('LOCAL1', 'ZORA', 'Zora', 0.02), local('LOCAL2', 'ENJOY', 'Enjoy', 0.0005)],
  worldchain: [local('LOCAL1', 'WLD', 'Worldcoin', 1)],
  soneium: [local('LOCAL1', 'ASTR', 'Astar', 0.03)],
  sepolia: [local('LOCAL1', 'LINK', 'Chainlink', 15, 'link')],
  unichain_sepolia: [local('LOCAL1', 'TEST', 'Test Token', 1)],
}

/** A token whose symbol is an HTML payload: rendered as text it is harmless, parsed it runs. */
export const MARKUP_SYMBOL = '<img src=x onerror=alert(1)>'
const markupToken: TokenSpec = {
  key: 'MARKUP',
  symbol: MARKUP_SYMBOL,
  name: 'Markup Token',
  decimals: 18,
  priceUsd: 2,
  kind: 'local',
  safety: 'medium',
  contract: 'mock',
}

export function tokenSpecs(slug: NetworkSlug): TokenSpec[] {
  return [
    stable('USDC', 'USDC', 'USD Coin', 6, 'usdc'),
    stable('USDT', 'USDT', 'Tether USD', 6, 'usdt'),
    stable('DAI', 'DAI', 'Dai Stablecoin', 18, 'dai'),
    {
      key: 'WBTC',
      symbol: 'WBTC',
      name: 'Wrapped BTC',
      decimals: 8,
      priceUsd: 95_000,
      kind: 'wrapped-btc',
      safety: 'verified',
      contract: 'mock',
      logo: 'wbtc',
    },
    {
      key: 'UNI',
      symbol: 'UNI',
      name: 'Uniswap',
      decimals: 18,
      priceUsd: 9.5,
      kind: 'governance',
      safety: 'verified',
      contract: 'mock',
      logo: 'uni',
    },
    ...localTokens[slug].filter((t): t is TokenSpec => t !== undefined),
    {
      key: 'SPAM',
      symbol: 'AIRDROP',
      name: 'Claim rewards at oxbow-airdrop.example',
      decimals: 18,
      priceUsd: 0.0001,
      kind: 'spam',
      safety: 'spam',
      contract: 'mock',
    },
    {
      key: 'FOT',
      symbol: 'TAXX',
      name: 'Taxed Token',
      decimals: 18,
      priceUsd: 0.5,
      kind: 'fee-on-transfer',
      safety: 'medium',
      contract: 'fee-on-transfer',
      transferFeeBps: 300,
    },
    {
      key: 'HONEY',
      symbol: 'HONEY',
      name: 'Honey Finance',
      decimals: 18,
      priceUsd: 0.2,
      kind: 'honeypot',
      safety: 'honeypot',
      contract: 'honeypot',
    },
    // Ethereum only: a symbol written as markup, for the tests that check on-chain strings are
    // rendered as text (the landing's floating logos, lists). It trades against WETH like any token.
    ...(slug === 'ethereum' ? [markupToken] : []),
    {
      key: 'FAKEUSDC',
      symbol: 'USDC',
      name: 'USD Coin',
      decimals: 6,
      priceUsd: 1,
      kind: 'impersonator',
      safety: 'impersonator',
      contract: 'mock',
    },
  ]
}

/**
 * Ethereum only, deployed after everything else (seed/flaggedTokens.ts) so no other address moves:
 * a token the list blocks and one reported as malicious, for the safety levels' screens. No pools.
 */
export const flaggedTokenSpecs: readonly TokenSpec[] = [
  {
    key: 'BLOCKED',
    symbol: 'BLKD',
    name: 'Blocked Token',
    decimals: 18,
    priceUsd: 1,
    kind: 'blocked',
    safety: 'blocked',
    contract: 'mock',
  },
  {
    key: 'MALICIOUS',
    symbol: 'DRAIN',
    name: 'Drainer Token',
    decimals: 18,
    priceUsd: 1,
    kind: 'malicious',
    safety: 'malicious',
    contract: 'mock',
  },
]

/** `NATIVE` is the chain's native currency (v4 only), `WNATIVE` its WETH9 wrapper. */
export type CurrencyKey = string

export interface V2PoolSpec {
  readonly version: 'v2'
  readonly a: CurrencyKey
  readonly b: CurrencyKey
  readonly tvlUsd: number
}
export interface V3PoolSpec {
  readonly version: 'v3'
  readonly a: CurrencyKey
  readonly b: CurrencyKey
  readonly fee: 100 | 500 | 3000 | 10000
  readonly tvlUsd: number
  /** Half-width of the concentrated position around the price, as a fraction (0.1 = ±10 %). */
  readonly band: number
}
export interface V4PoolSpec {
  readonly version: 'v4'
  readonly a: CurrencyKey
  readonly b: CurrencyKey
  readonly fee: number
  readonly tickSpacing: number
  readonly hooked: boolean
  readonly tvlUsd: number
  readonly band: number
}
export type PoolSpec = V2PoolSpec | V3PoolSpec | V4PoolSpec

export function poolSpecs(tokens: readonly TokenSpec[]): PoolSpec[] {
  const has = (key: string) => tokens.some((t) => t.key === key)
  const pools: PoolSpec[] = [
    { version: 'v2', a: 'WNATIVE', b: 'USDC', tvlUsd: 4_000_000 },
    { version: 'v2', a: 'WNATIVE', b: 'USDT', tvlUsd: 2_000_000 },
    { version: 'v2', a: 'WBTC', b: 'WNATIVE', tvlUsd: 3_000_000 },
    { version: 'v2', a: 'UNI', b: 'WNATIVE', tvlUsd: 1_000_000 },
    { version: 'v2', a: 'DAI', b: 'USDC', tvlUsd: 1_000_000 },
    { version: 'v2', a: 'LOCAL1', b: 'WNATIVE', tvlUsd: 600_000 },
    { version: 'v2', a: 'FOT', b: 'WNATIVE', tvlUsd: 200_000 },
    { version: 'v2', a: 'HONEY', b: 'WNATIVE', tvlUsd: 150_000 },
    { version: 'v2', a: 'SPAM', b: 'WNATIVE', tvlUsd: 5_000 },
    { version: 'v2', a: 'FAKEUSDC', b: 'WNATIVE', tvlUsd: 20_000 },
    { version: 'v3', a: 'USDC', b: 'USDT', fee: 100, tvlUsd: 4_000_000, band: 0.005 },
    { version: 'v3', a: 'DAI', b: 'USDC', fee: 100, tvlUsd: 2_000_000, band: 0.005 },
    { version: 'v3', a: 'WNATIVE', b: 'USDC', fee: 500, tvlUsd: 8_000_000, band: 0.1 },
    { version: 'v3', a: 'WNATIVE', b: 'USDC', fee: 3000, tvlUsd: 2_000_000, band: 0.2 },
    { version: 'v3', a: 'WBTC', b: 'WNATIVE', fee: 3000, tvlUsd: 3_000_000, band: 0.1 },
    { version: 'v3', a: 'WBTC', b: 'USDC', fee: 500, tvlUsd: 2_000_000, band: 0.1 },
    { version: 'v3', a: 'UNI', b: 'WNATIVE', fee: 3000, tvlUsd: 800_000, band: 0.25 },
    { version: 'v3', a: 'LOCAL1', b: 'WNATIVE', fee: 10000, tvlUsd: 500_000, band: 0.4 },
    {
      version: 'v4',
      a: 'NATIVE',
      b: 'USDC',
      fee: 500,
      tickSpacing: 10,
      hooked: false,
      tvlUsd: 5_000_000,
      band: 0.1,
    },
    {
      version: 'v4',
      a: 'NATIVE',
      b: 'WBTC',
      fee: 3000,
      tickSpacing: 60,
      hooked: false,
      tvlUsd: 1_500_000,
      band: 0.15,
    },
    {
      version: 'v4',
      a: 'USDC',
      b: 'USDT',
      fee: 0x800000,
      tickSpacing: 10,
      hooked: true,
      tvlUsd: 2_000_000,
      band: 0.01,
    },
    {
      version: 'v4',
      a: 'NATIVE',
      b: 'LOCAL1',
      fee: 3000,
      tickSpacing: 60,
      hooked: true,
      tvlUsd: 400_000,
      band: 0.3,
    },
    {
      version: 'v4',
      a: 'UNI',
      b: 'USDC',
      fee: 3000,
      tickSpacing: 60,
      hooked: false,
      tvlUsd: 300_000,
      band: 0.25,
    },
  ]
  if (has('MARKUP')) pools.push({ version: 'v2', a: 'MARKUP', b: 'WNATIVE', tvlUsd: 1_000_000 })
  if (has('LOCAL2')) {
    pools.push({ version: 'v2', a: 'LOCAL2', b: 'WNATIVE', tvlUsd: 300_000 })
    pools.push({ version: 'v3', a: 'LOCAL2', b: 'WNATIVE', fee: 10000, tvlUsd: 300_000, band: 0.5 })
  }
  return pools
}

export const nftCollectionSpecs = [
  { name: 'Oxbow Otters', symbol: 'OTTER', description: 'Otters of the river bend.', hue: 20, supply: 12 },
  {
    name: 'River Stones',
    symbol: 'STONE',
    description: 'Smooth stones from the oxbow lake.',
    hue: 200,
    supply: 8,
  },
] as const
